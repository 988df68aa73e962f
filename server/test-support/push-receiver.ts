import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
} from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A push received and decrypted, with what the sender said about it. */
export interface ReceivedPush {
  /** The subscription it was sent to (the endpoint's last path segment). */
  device: string;
  message: Record<string, unknown>;
  ttl: number;
  topic: string | undefined;
  /** The VAPID claims, after their signature was checked against the key sent along. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
}

export interface TestDevice {
  name: string;
  /** What a browser's PushSubscription.toJSON() gives. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 (aes128gcm) decryption with the device's private key and auth secret. */
function decrypt(
  body: Buffer,
  device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer },
): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const receiverKey = device.ecdh.getPublicKey();
  const secret = device.ecdh.computeSecret(senderKey);
  const prkKey = hmac(device.auth, secret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiverKey, senderKey]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\u0001")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\u0001")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0) throw new Error("no padding delimiter");
  return padded.subarray(0, end);
}

/** Checks `vapid t=<jwt>, k=<key>`: an ES256 JWT signed by the key given beside it. */
function checkVapid(header: string | undefined): ReceivedPush["vapid"] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match?.[1] || !match[2]) throw new Error(`bad Authorization header: ${header}`);
  const [jwt, publicKey] = [match[1], match[2]];
  const [head, payload, signature] = jwt.split(".");
  if (!head || !payload || !signature) throw new Error("bad JWT");
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("VAPID signature does not verify");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as ReceivedPush["vapid"];
  return { ...claims, publicKey };
}

/**
 * A push service on loopback, as browsers' push services behave: it accepts a POST per
 * subscription, checks the VAPID signature, decrypts the payload with the keys of the device
 * (made here, as a browser makes them) and keeps it. A device can be made to answer with another
 * status, such as 410 for a subscription its browser dropped.
 */
export async function startPushReceiver() {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const name = decodeURIComponent(request.url?.split("/").pop() ?? "");
      const device = devices.get(name);
      const answer = answers.get(name);
      if (answer !== undefined) {
        response.writeHead(answer).end();
        return;
      }
      if (!device || request.method !== "POST") {
        response.writeHead(404).end();
        return;
      }
      try {
        if (request.headers["content-encoding"] !== "aes128gcm") {
          throw new Error(`content-encoding ${request.headers["content-encoding"]}`);
        }
        const vapid = checkVapid(request.headers.authorization);
        const plain = decrypt(Buffer.concat(chunks), device);
        received.push({
          device: name,
          message: JSON.parse(plain.toString("utf8")),
          ttl: Number(request.headers.ttl),
          topic: request.headers.topic as string | undefined,
          vapid,
        });
        response.writeHead(201).end();
      } catch (error) {
        problems.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    received,
    /** Decryption or signature failures (a test expects none). */
    problems,
    /** A new browser profile subscribing: its own key pair and auth secret. */
    device(name: string): TestDevice {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { ecdh, auth });
      return {
        name,
        subscription: {
          endpoint: `${origin}/push/${encodeURIComponent(name)}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString("base64url"),
            auth: auth.toString("base64url"),
          },
        },
      };
    },
    /** From now on, pushes to this device get this status (410: the subscription is gone). */
    answer(name: string, status: number) {
      answers.set(name, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
