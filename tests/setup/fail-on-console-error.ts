import { afterEach, beforeEach, vi } from "vitest";

// A test fails when the code logs console.error it did not expect: such output is a bug
// that no assertion would otherwise notice. A test that expects one mocks console.error itself.
let unexpected: unknown[][] = [];

beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
  });
});

afterEach(() => {
  const calls = unexpected;
  vi.mocked(console.error).mockRestore();
  if (calls.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${calls.map((c) => c.map(String).join(" ")).join("\n")}`,
    );
  }
});
