import * as client from "openid-client";
import { isLoopback } from "../config.ts";

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** What the browser carries between /api/login and /api/callback, in a signed cookie. */
export interface OidcPending {
  state: string;
  nonce: string;
  verifier: string;
  /** The page to come back to after signing in. */
  returnTo?: string;
}

export interface OidcClaims {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
}

export interface OidcClient {
  start(): Promise<{ url: string; pending: OidcPending }>;
  finish(callbackUrl: URL, pending: OidcPending): Promise<OidcClaims>;
}

const text = (value: unknown, max: number) =>
  typeof value === "string" && value.length > 0 ? value.slice(0, max) : null;

/** Authorization code flow with PKCE, state and nonce; the issuer is discovered on first use. */
export function createOidcClient(settings: OidcSettings): OidcClient {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    const issuer = new URL(settings.issuerUrl);
    discovered ??= client
      .discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        isLoopback(issuer.hostname) ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined; // try again on the next sign-in
        throw error;
      });
    return discovered;
  };

  return {
    async start() {
      const config = await configuration();
      const pending: OidcPending = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: "openid email profile",
        response_type: "code",
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: "S256",
      });
      return { url: url.href, pending };
    },

    async finish(callbackUrl, pending) {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error("The identity provider returned no ID token");
      // Many providers keep e-mail and names out of the ID token: the userinfo endpoint has them.
      const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      const claims = { ...idClaims, ...info };
      return {
        issuer: config.serverMetadata().issuer,
        subject: idClaims.sub,
        email: text(claims.email, 255),
        emailVerified: claims.email_verified === true,
        firstName: text(claims.given_name, 100) ?? text(claims.name, 100),
        lastName: text(claims.family_name, 100),
        picture: text(claims.picture, 2048),
      };
    },
  };
}
