import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { z } from "zod";
import { apiErrorSchema } from "../../common/user.ts";
import { badRequest } from "./http-error.ts";

/** The query parameters a route declares, or null when its schema does not list them. */
function declaredQueryKeys(querystring: unknown): Set<string> | null {
  if (querystring === undefined) return new Set();
  if (querystring instanceof z.ZodObject) return new Set(Object.keys(querystring.shape));
  return null;
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Every documented API operation refuses query parameters it does not declare, with a 400
 * naming them (as Stripe does): a misspelt filter (`?cty=Austin`) would otherwise be ignored
 * in silence and answer something the caller did not ask for. Applied to each route as it is
 * declared, so routes added later are covered too. Pages and the routes hidden from the API
 * reference (browser navigations such as the OIDC callback) are left alone.
 */
export function refuseUndeclaredQuery(app: FastifyInstance) {
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!route.url.startsWith("/api/") || route.schema?.hide) return;
    const declared = declaredQueryKeys(route.schema?.querystring);
    if (!declared) return;
    const check = async (request: FastifyRequest) => {
      const unknown = Object.keys((request.query ?? {}) as object).filter((k) => !declared.has(k));
      if (unknown.length === 0) return;
      const errors = Object.fromEntries(unknown.map((k) => [k, "Unknown query parameter"]));
      throw badRequest(`Unknown query parameter: ${unknown.join(", ")}.`, errors);
    };
    route.preValidation = [...asList(route.preValidation), check];
    route.schema = {
      ...route.schema,
      response: { 400: apiErrorSchema, ...(route.schema?.response as object | undefined) },
    };
  });
}
