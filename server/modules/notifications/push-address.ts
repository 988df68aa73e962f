import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Where a push may go. A push endpoint is a URL a stranger hands us and our server POSTs to, so
 * what decides is the address its host resolves to at delivery, never the spelling of the name:
 * a name can point anywhere (this machine's own name, `localhost.`, an internal zone) and can
 * change between subscribing and sending.
 */
// One list per family: node's BlockList matches an IPv4 address against IPv4-mapped IPv6 rules.
const REFUSED_V4 = new BlockList();
const REFUSED_V6 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT (and Alibaba's metadata at 100.100.100.200)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, with the clouds' metadata at 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const) {
  REFUSED_V4.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::ffff:0:0", 96], // IPv4-mapped: any IPv4 address, private ones included
  ["64:ff9b::", 96], // NAT64, the same
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo among them)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4, which embeds an IPv4 address
  ["fc00::", 7], // unique-local, with AWS's metadata at fd00:ec2::254
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  REFUSED_V6.addSubnet(network, prefix, "ipv6");
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Names that are internal whatever they resolve to (metadata services, local zones). */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|intranet|lan)$/i;

function familyOf(address: string): "ipv4" | "ipv6" {
  return isIP(address) === 6 ? "ipv6" : "ipv4";
}

export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !REFUSED_V4.check(address, "ipv4");
  return version === 6 && !REFUSED_V6.check(address, "ipv6");
}

export function isLoopbackAddress(address: string): boolean {
  return isIP(address) !== 0 && LOOPBACK.check(address, familyOf(address));
}

export class PushAddressRefused extends Error {}

/** Resolves a host name to its addresses; replaceable in tests, which map names at will. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveHost: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface PushAddressPolicy {
  /** Outside production the tests' push service listens on loopback (and only there). */
  allowLoopback: boolean;
  resolve?: ResolveHost;
}

/**
 * The one address a push to this host may connect to: every address the name resolves to must
 * be public (one bad answer is enough to refuse), and the connection then goes to the address
 * checked here, so the name cannot be re-resolved elsewhere in between. Throws PushAddressRefused
 * for an address we never send to; a name that does not resolve throws the resolver's error.
 */
export async function pushAddress(hostname: string, policy: PushAddressPolicy): Promise<string> {
  const host = hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, "");
  if (isIP(host) === 0 && INTERNAL_NAME.test(host)) {
    throw new PushAddressRefused(`push host ${host} is an internal name`);
  }
  const addresses = isIP(host) !== 0 ? [host] : await (policy.resolve ?? resolveHost)(host);
  if (addresses.length === 0) throw new Error(`push host ${host} has no address`);
  const allowed = (address: string) =>
    isPublicAddress(address) || (policy.allowLoopback && isLoopbackAddress(address));
  if (!addresses.every(allowed)) {
    throw new PushAddressRefused(`push host ${host} resolves to a non-public address`);
  }
  return addresses[0] as string;
}
