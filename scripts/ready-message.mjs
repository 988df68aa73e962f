/**
 * What `npm start` says once the server answers (issue 31: it never said where to go): the
 * address to open, and that an account is made there. Until then nothing is promised.
 */
/** @param {NodeJS.ProcessEnv} env @returns {string} */
export function readyMessage(env) {
  return `Ball with the Bros is running: open ${addressOf(env)} and create an account (Sign In → Create account).`;
}

/** The address people open: PUBLIC_URL, else this machine on PORT (as config.ts defaults it). */
/** @param {NodeJS.ProcessEnv} env @returns {string} */
export function addressOf(env) {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? "3000"}`).replace(/\/+$/, "");
}

/** The health check on the address the server listens on (a wildcard HOST is reached on loopback). */
/** @param {NodeJS.ProcessEnv} env */
function healthUrl(env) {
  const host = !env.HOST || env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
  const bracketed = host.includes(":") ? `[${host}]` : host;
  return `http://${bracketed}:${env.PORT ?? "3000"}/api/healthz`;
}

/**
 * Prints `readyMessage` once /api/healthz answers 200, asking every `everyMs`; the timer never
 * keeps the process alive, and a server that never answers is simply never announced.
 */
/**
 * @param {NodeJS.ProcessEnv} env
 * @param {(line: string) => void} print
 * @returns {Promise<void>}
 */
export function announceWhenListening(env, print = console.log, everyMs = 250) {
  return new Promise((resolve) => {
    const ask = async () => {
      try {
        const response = await fetch(healthUrl(env));
        if (response.ok) {
          print(readyMessage(env));
          resolve();
          return;
        }
      } catch {
        // not listening yet
      }
      setTimeout(ask, everyMs).unref();
    };
    void ask();
  });
}
