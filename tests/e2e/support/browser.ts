/**
 * Browser pages for the journeys. `setUpBrowser()` (called once at the top of a test file)
 * launches Debian's Chromium for that file and registers hooks that fail a test when, during
 * it, any of its pages
 *   - threw an uncaught error ('pageerror'),
 *   - logged a console message of type 'error' that no allowance below explains,
 * or the server logged an error (pino level >= 50, e.g. a 500).
 *
 * Every host name but loopback fails to resolve (Chromium's host-resolver rules, see chromium.ts:
 * map tiles, fonts, analytics…), so a journey never leaves the machine and Chromium keeps its
 * HTTP cache, which routing every request would switch off; the off-machine addresses a page
 * asked for are listed on the page handle. Each
 * context comes from its own client address (X-Forwarded-For, trusted by the test server).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  chromium,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
export const SCREENSHOT_DIR = path.join(ROOT, "test-results/e2e");

/** A console error that a journey expects, matched precisely. */
export interface ConsoleAllowance {
  /** why it is expected (shown nowhere; for the reader) */
  reason: string;
  /** the message text */
  text: RegExp;
  /** the path of the URL the message is about (Chromium reports the resource's URL); a
   * pattern for messages the app's own hashed scripts log */
  path: string | RegExp;
}

/**
 * Signed out, the app asks GET /api/auth/user who is signed in and gets 401: Chromium logs
 * that as "Failed to load resource: … status of 401". Only that message, for only that URL.
 */
export const SIGNED_OUT_USER_CHECK: ConsoleAllowance = {
  reason: "signed out, /api/auth/user answers 401",
  text: /^Failed to load resource: the server responded with a status of 401 \(Unauthorized\)$/,
  path: "/api/auth/user",
};

/** A wrong e-mail or password re-renders the sign-in page with status 401. */
export const REFUSED_SIGN_IN: ConsoleAllowance = {
  reason: "a refused sign-in answers 401 with the sign-in page",
  text: /^Failed to load resource: the server responded with a status of 401 \(Unauthorized\)$/,
  path: "/api/login",
};

export interface PageOptions extends BrowserContextOptions {
  /** console errors this page may log; default: [SIGNED_OUT_USER_CHECK] */
  allowConsoleErrors?: ConsoleAllowance[];
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** requests that tried to leave the machine (and failed to resolve) */
  blocked: string[];
}

export const baseUrl = () => inject("baseUrl");

export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname === "[::1]" ||
    hostname === "::1" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

function pathOf(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

function pathMatches(url: string, expected: string | RegExp): boolean {
  const path = pathOf(url);
  if (path === undefined) return false;
  return typeof expected === "string" ? path === expected : expected.test(path);
}

function describeConsole(message: ConsoleMessage): string {
  const { url, lineNumber, columnNumber } = message.location();
  const where = url
    ? ` (at ${url}${lineNumber ? `:${lineNumber + 1}:${columnNumber + 1}` : ""})`
    : "";
  return `console.error on ${message.page()?.url() ?? "?"}: ${message.text()}${where}`;
}

/** Server log lines at level error or fatal written since the previous call. */
let serverLogOffset = 0;
function newServerErrors(): string[] {
  const logPath = inject("serverLogPath");
  let text: string;
  try {
    const unread = fs.readFileSync(logPath).subarray(serverLogOffset);
    const end = unread.lastIndexOf(0x0a); // whole lines only
    if (end < 0) return [];
    serverLogOffset += end + 1;
    text = unread.subarray(0, end + 1).toString();
  } catch {
    return [];
  }
  return errorLines(text).map((line) => `server logged an error: ${line}`);
}

/** The lines of a server's output (pino JSON lines) at level error or fatal. */
export function errorLines(output: string): string[] {
  return output.split("\n").filter((line) => {
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
    } catch {
      return false;
    }
  });
}

let contextsMade = 0;

/** An address of 198.18.0.0/15 (set aside for testing, RFC 2544) per context. */
function clientAddress(): string {
  contextsMade += 1;
  return `198.18.${Math.floor(contextsMade / 250) % 250}.${(contextsMade % 250) + 1}`;
}

export function setUpBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let problems: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    newServerErrors(); // errors before this file's tests are not this file's
  });

  afterEach(() => {
    const found = [...problems, ...newServerErrors()];
    problems = [];
    if (found.length > 0) {
      throw new Error(`The browser or the server reported problems:\n- ${found.join("\n- ")}`);
    }
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  return {
    get browser(): Browser {
      if (!browser) throw new Error("the browser is not launched yet (use it inside a test)");
      return browser;
    },

    /** A page in a new, isolated context (its own cookies). */
    async newPage(options: PageOptions = {}): Promise<TestPage> {
      const { allowConsoleErrors = [SIGNED_OUT_USER_CHECK], ...contextOptions } = options;
      if (!browser) throw new Error("the browser is not launched yet (use it inside a test)");
      const context = await browser.newContext({
        baseURL: baseUrl(),
        ...contextOptions,
        extraHTTPHeaders: {
          "x-forwarded-for": clientAddress(),
          ...contextOptions.extraHTTPHeaders,
        },
      });
      contexts.push(context);
      context.setDefaultTimeout(15_000);
      context.setDefaultNavigationTimeout(30_000);

      const blocked: string[] = [];
      const offMachine = (url: string) => {
        try {
          const { protocol, hostname } = new URL(url);
          return (protocol === "http:" || protocol === "https:") && !isLoopbackHost(hostname);
        } catch {
          return false;
        }
      };

      const page = await context.newPage();
      page.on("request", (request) => {
        if (offMachine(request.url())) blocked.push(request.url());
      });
      page.on("pageerror", (error) => {
        problems.push(`uncaught error on ${page.url()}: ${error.stack ?? error.message}`);
      });
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const url = message.location().url;
        // Through the service worker (map tiles it keeps), a blocked request reads ERR_FAILED.
        if (offMachine(url) && /net::ERR_(NAME_NOT_RESOLVED|FAILED)/.test(message.text())) {
          return;
        }
        const allowed = allowConsoleErrors.some(
          (allowance) => allowance.text.test(message.text()) && pathMatches(url, allowance.path),
        );
        if (!allowed) problems.push(describeConsole(message));
      });
      return { page, context, blocked };
    },
  };
}

/** Saves a full-page screenshot as test-results/e2e/NAME.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  return file;
}

/** The visible link or button named exactly `name` (navigation entries may be either). */
export function control(page: Page, name: string) {
  return page
    .getByRole("link", { name, exact: true })
    .or(page.getByRole("button", { name, exact: true }))
    .filter({ visible: true })
    .first();
}

/** The status of a GET with this page's cookies (no navigation). */
export async function apiStatus(page: Page, apiPath: string): Promise<number> {
  const response = await page.request.get(apiPath);
  return response.status();
}
