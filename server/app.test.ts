import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressFiles } from "../scripts/precompress.ts";
import { loggerOptions } from "./lib/logger.ts";
import { makeClientDir } from "./test-support/client-dir.ts";
import {
  createTestApp,
  DEFAULT_PASSWORD,
  signUpUser,
  type TestApp,
  uniqueEmail,
} from "./test-support/test-app.ts";

let t: TestApp;
let client: ReturnType<typeof makeClientDir>;

beforeAll(async () => {
  client = makeClientDir();
  t = await createTestApp({ clientDir: client.dir });
});
afterAll(async () => {
  await t.close();
  client.remove();
});

describe("the API's contract", () => {
  it("answers the health check when the database answers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("answers unknown API paths with a JSON 404, for any method", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await t.app.inject({ method, url: "/api/no-such-thing" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Not found." });
    }
  });

  it("answers protected calls with 401 when signed out", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/auth/user" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "You need to sign in first." });
  });

  it("answers a malformed JSON body with 400 and a message, never a stack trace", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The request body is not valid JSON." });
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it("answers a body of the wrong type with 400", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: 42, password: ["x"] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty("email");
  });

  it("answers text PostgreSQL cannot store (U+0000) with 400, creating nothing", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: {
        firstName: "Nul\u0000l",
        lastName: "B",
        email: uniqueEmail(),
        password: DEFAULT_PASSWORD,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "The text contains characters that cannot be stored.",
    });
  });

  it("answers an over-large body with 413 and a message", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: {
        firstName: "x".repeat(300_000),
        lastName: "y",
        email: uniqueEmail(),
        password: DEFAULT_PASSWORD,
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "The request body is too large." });
  });

  it("logs a client that went away mid-download as debug, not as an error", async () => {
    const lines: string[] = [];
    const logger = pino(loggerOptions("info"), {
      write: (line: string) => lines.push(line),
    });
    const prematureClose = Object.assign(new Error("premature close"), {
      code: "ERR_STREAM_PREMATURE_CLOSE",
    });
    logger.error(prematureClose);
    logger.error(new Error("disk on fire"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("disk on fire");
  });

  it("never includes cookies or passwords in what it logs", async () => {
    const lines: string[] = [];
    const { buildApp } = await import("./app.ts");
    const { loadConfig } = await import("./config.ts");
    const { openTestDatabase } = await import("./test-support/test-database.ts");
    const database = await openTestDatabase();
    const logger = pino(loggerOptions("info"), {
      write: (line: string) => lines.push(line),
    });
    const app = await buildApp({ database, config: loadConfig({ NODE_ENV: "test" }), logger });
    const { cookie } = await signUpUser(app, { password: "a secret worth keeping" });
    await app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    await app.inject({ method: "GET", url: "/api/callback?code=top-secret-code&state=s" });
    await app.close();
    await database.close();
    const log = lines.join("\n");
    expect(log).toContain("reqId");
    expect(log).not.toContain("a secret worth keeping");
    expect(log).not.toContain(cookie.split("=")[1]);
    expect(log).not.toContain("top-secret-code");
  });
});

describe("serving the client", () => {
  it("serves the app for every page, with its own title and the tile URL, revalidated on every visit", async () => {
    for (const [url, title] of [
      ["/", "Ball with the Bros"],
      ["/courts", "Courts · Ball with the Bros"],
      ["/leaderboard?tab=weekly", "Leaderboard · Ball with the Bros"],
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<title>${title}</title>`);
      expect(response.body).toContain(
        '<meta name="tile-url" content="https://tile.openstreetmap.org/{z}/{x}/{y}.png">',
      );
      expect(response.body).toContain(
        '<script type="module" crossorigin src="/assets/app-abc123.js">',
      );
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("answers unknown pages with the app and 404, unknown files with a plain 404", async () => {
    const page = await t.app.inject({ method: "GET", url: "/no/such/page" });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("<title>Page Not Found · Ball with the Bros</title>");
    for (const url of ["/robots.tx", "/manifest.json", "/assets/gone-123.js", "/a/b.png"]) {
      const file = await t.app.inject({ method: "GET", url });
      expect(file.statusCode, url).toBe(404);
      expect(file.headers["content-type"], url).toBe("text/plain; charset=utf-8");
      expect(file.body, url).not.toContain("<html");
    }
  });

  it("serves hashed assets with a year of immutable caching, compressed", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  it("compresses an answer made for one request in one piece, with its length", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    const response = await t.app.inject({
      method: "GET",
      url: "/api/openapi.json",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(plain.body);
  });

  it("sends the build's precompressed copies as they are, as each browser accepts", async () => {
    const file = path.join(client.dir, "assets", "app-abc123.js");
    await precompressFiles(client.dir, ["assets/app-abc123.js"]);
    try {
      const original = fs.readFileSync(file);
      for (const [accepted, encoding, copy] of [
        ["gzip, deflate, br, zstd", "br", `${file}.br`],
        ["gzip", "gzip", `${file}.gz`],
      ] as const) {
        const response = await t.app.inject({
          method: "GET",
          url: "/assets/app-abc123.js",
          headers: { "accept-encoding": accepted },
        });
        expect(response.headers["content-encoding"], accepted).toBe(encoding);
        expect(response.rawPayload, accepted).toEqual(fs.readFileSync(copy));
        expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(response.headers["content-type"]).toBe("application/javascript; charset=utf-8");
        expect(response.headers.vary).toContain("accept-encoding");
      }
      const plain = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.rawPayload).toEqual(original);
    } finally {
      fs.rmSync(`${file}.br`);
      fs.rmSync(`${file}.gz`);
    }
  });

  it("sends security headers with a CSP that admits only the tile host from outside", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The older header says the same: no framing at all, not even by ourselves.
    expect(response.headers["x-frame-options"]).toBe("DENY");
    const foreign = csp.match(/https?:\/\/[^\s;]+/g) ?? [];
    expect(new Set(foreign)).toEqual(new Set(["https://tile.openstreetmap.org"]));
    expect(csp).toContain("img-src 'self' data: https://tile.openstreetmap.org");
    // The service worker fetches the tiles it keeps for offline maps under this same policy.
    expect(csp).toContain("connect-src 'self' https://tile.openstreetmap.org");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    // "no-referrer" would make browsers send `Origin: null` on our own form posts.
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});

describe("caching of signed-in answers", () => {
  it("marks every signed-in API answer no-store, and a sign-in's answer too", async () => {
    const { cookie } = await signUpUser(t.app);
    for (const url of ["/api/auth/user", "/api/courts", "/api/user/settings", "/api/no-such"]) {
      const response = await t.app.inject({ method: "GET", url, headers: { cookie } });
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: { firstName: "A", lastName: "B", email: uniqueEmail(), password: DEFAULT_PASSWORD },
      remoteAddress: "10.70.0.1",
    });
    expect(signUp.headers["cache-control"]).toBe("no-store");
  });

  it("leaves public answers to visitors as they were", async () => {
    // The courts directory is shared by every viewer: revalidated with its ETag, never no-store.
    const response = await t.app.inject({ method: "GET", url: "/api/courts" });
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers.etag).toBeDefined();
  });
});

describe("TILE_URL", () => {
  it("is the tile source the page is told about and the one host the CSP admits images from", async () => {
    const custom = await createTestApp({
      clientDir: client.dir,
      env: { TILE_URL: "https://{s}.tiles.example.com/{z}/{x}/{y}.png?key=a&b" },
    });
    try {
      const response = await custom.app.inject({ method: "GET", url: "/courts" });
      expect(response.body).toContain(
        '<meta name="tile-url" content="https://{s}.tiles.example.com/{z}/{x}/{y}.png?key=a&amp;b">',
      );
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("img-src 'self' data: https://*.tiles.example.com;");
      expect(csp).not.toContain("openstreetmap");
    } finally {
      await custom.close();
    }
  });
});

describe("cookies over https", () => {
  it("marks the session cookie Secure when PUBLIC_URL is https", async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: "https://bros.example.com" } });
    try {
      const response = await secure.app.inject({
        method: "POST",
        url: "/api/signup",
        headers: { origin: "https://bros.example.com" },
        payload: {
          firstName: "A",
          lastName: "B",
          email: uniqueEmail(),
          password: DEFAULT_PASSWORD,
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === "bwb_session")?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});
