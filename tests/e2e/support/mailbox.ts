import fs from "node:fs";
import { simpleParser } from "mailparser";
import { inject } from "vitest";

/**
 * The e-mails the server sent to `address` (the global setup's SMTP server keeps them), waiting
 * until one whose subject starts with `subject` arrives. Returns its text.
 */
export async function waitForMail(address: string, subject: string, ms = 20_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const file = inject("mailLogPath");
    const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n") : [];
    for (const line of lines.filter(Boolean).reverse()) {
      const mail = JSON.parse(line) as { to: string[]; raw: string };
      if (!mail.to.includes(address.toLowerCase()) && !mail.to.includes(address)) continue;
      const parsed = await simpleParser(mail.raw);
      if (parsed.subject?.startsWith(subject)) return parsed.text ?? "";
    }
    if (Date.now() > deadline)
      throw new Error(`no "${subject}" e-mail to ${address} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The path and query of the first link to `path` in a text (the server's PUBLIC_URL aside). */
export function linkPath(text: string, path: string): string {
  const match = text.match(
    new RegExp(`https?://[^\\s/]+(${path.replaceAll("/", "\\/")}\\?token=[\\w%-]+)`),
  );
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}
