import { describe, expect, it } from "vitest";
import { AccountMailer, accountLinks } from "./account-mail.ts";

function recordingLog() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    info: (fields: Record<string, unknown>, message: string) =>
      lines.push({ level: "info", fields, message }),
    warn: (fields: Record<string, unknown>, message: string) =>
      lines.push({ level: "warn", fields, message }),
  };
}

const links = accountLinks("http://localhost:3000");
const reset = {
  kind: "reset_password" as const,
  to: "a@example.com",
  link: links.resetPassword("tok"),
};

describe("account e-mail without SMTP_URL", () => {
  it("logs the link at info in development, so a developer can follow it", () => {
    const log = recordingLog();
    new AccountMailer(null, log as never, "development").send(reset);
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: "info",
        fields: { mail: "reset_password", link: reset.link },
      }),
    ]);
  });

  it("never logs a live link in production, only that no mail went out", () => {
    const log = recordingLog();
    new AccountMailer(null, log as never, "production").send(reset);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]?.level).toBe("warn");
    expect(JSON.stringify(log.lines)).not.toContain("tok");
    expect(JSON.stringify(log.lines)).not.toContain("a@example.com");
  });
});
