import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Select } from "./select.tsx";

describe("Select", () => {
  it("sizes the box its chevron sits in, so a narrow select keeps the chevron inside (issue 31)", () => {
    render(
      <Select aria-label="City" className="sm:w-80">
        <option>Los Angeles, CA</option>
      </Select>,
    );
    const select = screen.getByRole("combobox", { name: "City" });
    const box = select.parentElement;
    expect(box).toHaveClass("relative", "sm:w-80");
    expect(select).toHaveClass("w-full");
    expect(box?.querySelector("svg")).not.toBeNull();
  });
});
