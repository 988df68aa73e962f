import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test-support/render-with-providers.tsx";
import ContactPage from "./contact.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("ContactPage", () => {
  it("shows the office details and hours, the form and three FAQ cards", () => {
    renderWithProviders(<ContactPage />, { path: "/contact" });
    expect(screen.getByRole("heading", { level: 1, name: "Contact Us" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Our Office" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Office Hours" })).toBeInTheDocument();
    expect(screen.getByText("Monday – Friday")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /@/ })).toHaveAttribute(
      "href",
      expect.stringMatching(/^mailto:/),
    );
    expect(document.querySelector("address")).toHaveTextContent(/Los Angeles, CA/);
    expect(screen.getByRole("form", { name: "Contact form" })).toBeInTheDocument();
    expect(screen.getByText(/with "Appeal" as the subject/)).toHaveTextContent(/^Appeals:/);
    expect(document.title).toBe("Contact · Ball with the Bros");

    const faq = screen.getByRole("region", { name: "Frequently Asked Questions" });
    expect(within(faq).getAllByRole("heading", { level: 3 })).toHaveLength(3);
  });
});
