import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { announceWhenListening, readyMessage } from "./ready-message.mjs";

let server: http.Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

describe("npm start's ready line (issue 31)", () => {
  it("names the address to open and says to create an account", () => {
    expect(readyMessage({ PORT: "3000" })).toBe(
      "Ball with the Bros is running: open http://localhost:3000 and create an account (Sign In → Create account).",
    );
    expect(readyMessage({ PORT: "8080", PUBLIC_URL: "https://bros.example.com/" })).toContain(
      "open https://bros.example.com and create an account",
    );
  });

  it("is printed once the server answers its health check, not before", async () => {
    let healthy = false;
    server = http.createServer((_request, response) => {
      response.statusCode = healthy ? 200 : 503;
      response.end();
    });
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const port = String((server.address() as AddressInfo).port);
    const lines: string[] = [];
    const announced = announceWhenListening(
      { HOST: "127.0.0.1", PORT: port },
      (l) => lines.push(l),
      20,
    );
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(lines).toEqual([]);
    healthy = true;
    await announced;
    expect(lines).toEqual([readyMessage({ PORT: port })]);
  });
});
