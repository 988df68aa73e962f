import http from "node:http";

export interface StreamedEvent {
  id: string | undefined;
  data: Record<string, unknown>;
}

/**
 * A Server-Sent Events client as a browser's EventSource reads a stream: frames split on blank
 * lines, `id:` and `data:` fields, comment lines (heartbeats) counted apart.
 */
export function openEventStream(
  url: string,
  options: { cookie?: string; lastEventId?: string } = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      {
        headers: {
          accept: "text/event-stream",
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.lastEventId ? { "last-event-id": options.lastEventId } : {}),
        },
      },
      (response) => resolve(new EventStream(request, response)),
    );
    request.on("error", reject);
  });
}

export class EventStream {
  readonly events: StreamedEvent[] = [];
  heartbeats = 0;
  ended = false;
  body = "";
  #buffer = "";
  #waiters = new Set<() => void>();

  constructor(
    private readonly request: http.ClientRequest,
    readonly response: http.IncomingMessage,
  ) {
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      this.body += chunk;
      this.#buffer += chunk;
      let end = this.#buffer.indexOf("\n\n");
      while (end >= 0) {
        this.#frame(this.#buffer.slice(0, end));
        this.#buffer = this.#buffer.slice(end + 2);
        end = this.#buffer.indexOf("\n\n");
      }
      for (const wake of this.#waiters) wake();
    });
    response.on("end", () => {
      this.ended = true;
      for (const wake of this.#waiters) wake();
    });
    response.on("error", () => {});
  }

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  #frame(text: string) {
    let id: string | undefined;
    const data: string[] = [];
    for (const line of text.split("\n")) {
      if (line.startsWith(":")) this.heartbeats += 1;
      else if (line.startsWith("id: ")) id = line.slice(4);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (data.length > 0) this.events.push({ id, data: JSON.parse(data.join("\n")) });
  }

  /** Resolves once `check` holds on what arrived, or rejects after `ms`. */
  until<T>(check: (stream: this) => T | undefined | false, ms = 10_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const test = () => {
        const value = check(this);
        if (value) {
          done();
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(`stream: condition not met in ${ms} ms; got ${JSON.stringify(this.events)}`),
        );
      }, ms);
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(test);
      };
      this.#waiters.add(test);
      test();
    });
  }

  /** The first event of this type (waiting for it). */
  next(type: string, ms?: number): Promise<StreamedEvent> {
    return this.until((s) => s.events.find((e) => e.data.type === type), ms);
  }

  close(): void {
    this.request.destroy();
  }
}
