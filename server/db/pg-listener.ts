import pg from "pg";
import type { ListenHandlers } from "./client.ts";

/**
 * Pauses between attempts: a refused connection costs next to nothing, so live events resume
 * within a second of the database answering again (not after a long backoff's last pause).
 */
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 1_000;

/**
 * LISTEN on PostgreSQL through a connection of its own (a pooled one would be handed to other
 * queries). When the connection drops — a restart, a failover, an outage — it reconnects by
 * itself within a second of the database answering, tells `onReconnect` (events sent meanwhile were missed), and never
 * throws: live updates pause, the process lives on.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | null = null;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    let dropped = false;
    const drop = (error?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (client === next) handlers.onConnectionChange?.(false);
      if (error) handlers.onError?.(error);
      next.removeAllListeners("notification");
      next.end().catch(() => {});
      if (client === next) client = null;
      schedule();
    };
    next.on("error", drop);
    next.on("end", () => drop());
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onPayload(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
    handlers.onConnectionChange?.(true);
    if (isReconnect) handlers.onReconnect?.();
  };

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect(true);
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  await connect(false);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}
