import { createConfig, lintFromString } from "@redocly/openapi-core";
import Fastify, { type FastifyInstance } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { requireUser } from "./auth/session-plugin.ts";
import { API_TAGS, registerOpenApi, SESSION_SCHEME } from "./openapi.ts";
import { playerWithSession } from "./test-support/direct-session.ts";
import { createTestApp, type TestApp } from "./test-support/test-app.ts";

const PUBLIC_URL = "https://ballwiththebros.com";

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
};

let t: TestApp;
let doc: Document;
let text: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  const response = await t.app.inject({ url: "/api/openapi.json" });
  expect(response.statusCode).toBe(200);
  text = response.body;
  doc = response.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
const signedInOnly = (operation: Operation) =>
  operation.security?.some((requirement) => SESSION_SCHEME in requirement) ?? false;

describe("the OpenAPI document", () => {
  it("lints clean with Redocly's recommended rules: no error, no warning", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: text, absoluteRef: "openapi.json", config });
    const found = problems.map(
      (p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`,
    );
    expect(found).toEqual([]);
  });

  it("describes every operation: a unique camelCase id, a summary, one known tag, responses", () => {
    const tagNames = new Set<string>(API_TAGS.map((tag) => tag.name));
    const ids = new Set<string>();
    expect(operations().length).toBeGreaterThan(45);
    for (const { path, method, operation } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][a-zA-Z]+$/);
      expect(ids.has(operation.operationId ?? ""), `${where}: duplicate id`).toBe(false);
      ids.add(operation.operationId ?? "");
      expect(operation.summary, where).toMatch(/^[A-Z].{8,90}\.$/);
      expect(operation.tags, where).toHaveLength(1);
      expect(tagNames.has(operation.tags?.[0] ?? ""), where).toBe(true);
      expect(
        Object.keys(operation.responses).some((s) => s.startsWith("2")),
        where,
      ).toBe(true);
      if (["post", "put", "patch", "delete"].includes(method)) {
        expect(operation.responses["403"], `${where}: the cross-site guard's 403`).toBeDefined();
      }
    }
    expect(doc.tags.map((tag) => tag.name)).toEqual([...tagNames]);
    for (const tag of doc.tags) expect(tag.description, tag.name).toBeTruthy();
  });

  it("lists this instance's PUBLIC_URL as its server and describes request bodies", () => {
    // zod's ±(2^53 − 1) integer bounds say nothing and made every example id -9007199254740991.
    expect(text).not.toContain("9007199254740991");
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: PUBLIC_URL, description: "This instance" }]);
    const signIn = doc.paths["/api/login"]?.post;
    expect(Object.keys(signIn?.requestBody?.content ?? {})).toEqual([
      "application/json",
      "application/x-www-form-urlencoded",
    ]);
    expect(doc.paths["/api/games"]?.post?.requestBody).toBeDefined();
  });

  it("describes cookie sign-in as a security scheme", () => {
    expect(doc.components.securitySchemes[SESSION_SCHEME]).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: "bwb_session",
    });
  });

  it("asks for the session exactly where the server answers 401 without one", async () => {
    const signedIn = operations().filter(({ operation }) => signedInOnly(operation));
    expect(signedIn.length).toBeGreaterThan(20);
    const player = await playerWithSession(t.app, t.db);
    for (const { path, method, operation } of operations()) {
      // The live stream never ends for a visitor (it has its own tests, server/modules/events).
      if (operation.operationId === "streamLiveEvents") continue;
      const url = path.replace(/\{[^}]+\}/g, "1");
      const request = { method: method.toUpperCase() as "GET", url, remoteAddress: "10.9.9.9" };
      const visitor = await t.app.inject(request);
      const where = `${request.method} ${path}`;
      if (signedInOnly(operation)) {
        expect(visitor.statusCode, where).toBe(401);
        expect(operation.responses["401"], where).toBeDefined();
        const member = await t.app.inject({ ...request, headers: { cookie: player.cookie } });
        expect(member.statusCode, `${where} signed in`).not.toBe(401);
      } else {
        expect(operation.security, where).toEqual([]);
        expect(visitor.statusCode, where).not.toBe(401);
      }
    }
  });

  it("covers routes added later in a guarded plugin without editing them", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(app, { publicUrl: PUBLIC_URL });
    const ok = z.object({ ok: z.boolean() });
    const schema = (operationId: string) => ({
      operationId,
      summary: "A route another branch adds.",
      tags: ["games"],
      response: { 200: ok },
    });
    app
      .withTypeProvider<ZodTypeProvider>()
      .get("/api/open-thing", { schema: schema("getOpenThing") }, async () => ({ ok: true }));
    await app.register(async (signedIn: FastifyInstance) => {
      signedIn.addHook("onRequest", requireUser);
      await signedIn.register(async (nested: FastifyInstance) => {
        nested
          .withTypeProvider<ZodTypeProvider>()
          .post("/api/new-thing", { schema: schema("createNewThing") }, async () => ({ ok: true }));
      });
    });
    await app.ready();
    const spec = app.swagger() as unknown as Document;
    expect(spec.paths["/api/new-thing"]?.post?.security).toEqual([{ [SESSION_SCHEME]: [] }]);
    expect(spec.paths["/api/new-thing"]?.post?.responses).toHaveProperty("401");
    expect(spec.paths["/api/new-thing"]?.post?.responses).toHaveProperty("403");
    expect(spec.paths["/api/open-thing"]?.get?.security).toEqual([]);
    await app.close();
  });
});

describe("query parameters", () => {
  it("are refused with 400 when an operation does not declare them", async () => {
    const typo = await t.app.inject({ url: "/api/leaderboard/local?cty=Austin&state=TX" });
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toEqual({
      message: "Unknown query parameter: cty.",
      errors: { cty: "Unknown query parameter" },
    });
    const none = await t.app.inject({ url: "/api/metrics?limit=5" });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ limit: "Unknown query parameter" });
    const courts = await t.app.inject({ url: "/api/courts?nearby=me" });
    expect(courts.statusCode).toBe(400);
    expect(courts.json().errors).toEqual({ nearby: "Unknown query parameter" });
  });

  it("are accepted when declared, and pages outside the API reference are left alone", async () => {
    expect(
      (await t.app.inject({ url: "/api/leaderboard/local?city=Austin&state=TX" })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: "/api/healthz" })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/login?utm_source=chat" })).statusCode).toBe(200);
  });
});

describe("the API reference", () => {
  it("serves Swagger UI at /api/docs, reading /api/docs/json", async () => {
    const page = await t.app.inject({ url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("swagger-ui-bundle.js");
    const asset = await t.app.inject({ url: "/api/docs/static/swagger-ui-bundle.js" });
    expect(asset.statusCode).toBe(200);
    const json = await t.app.inject({ url: "/api/docs/json" });
    expect(json.json().info.title).toBe("Ball with the Bros API");
  });
});
