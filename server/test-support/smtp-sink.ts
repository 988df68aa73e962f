import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as it arrived. */
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps what it is sent. It can refuse recipients with a
 * 5xx (a permanent refusal) or be stopped and started again on the same port (SMTP down).
 */
export async function startSmtpSink(
  options: {
    port?: number;
    user?: string;
    pass?: string;
    /** Called with each message as it arrives (the browser journeys write them to a file). */
    onReceive?: (mail: ReceivedMail) => void;
  } = {},
) {
  const user = options.user ?? "mailer";
  const pass = options.pass ?? "secret";
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  let server: SMTPServer | null = null;
  let port = options.port ?? 0;

  const start = async () => {
    server = new SMTPServer({
      // Plain SMTP on loopback: no certificate to trust in tests.
      disabledCommands: ["STARTTLS"],
      // Stopping (SMTP down) drops open connections at once instead of waiting for them.
      closeTimeout: 50,
      authOptional: false,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === user && auth.password === pass) callback(null, { user });
        else callback(new Error("Invalid username or password"));
      },
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address)) {
          const error = new Error("No such mailbox") as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
        } else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const mail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          };
          received.push(mail);
          options.onReceive?.(mail);
          callback();
        });
      },
    });
    server.on("error", () => {});
    await new Promise<void>((resolve) => server?.listen(port, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      if (!current) resolve();
      else current.close(() => resolve());
    });

  await start();
  return {
    received,
    get port() {
      return port;
    },
    get url() {
      return `smtp://${user}:${pass}@127.0.0.1:${port}`;
    },
    /** Recipients the server answers 550 (no such mailbox). */
    refuse(address: string) {
      refused.add(address);
    },
    start,
    stop,
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** A received message parsed: headers, text, HTML. */
export const parseMail = (mail: ReceivedMail) => simpleParser(mail.raw);
