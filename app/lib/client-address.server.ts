import net from "node:net";
import type { RequestHandler } from "express";

// Who is asking, for the per-address rate limits (docs/decisions/033-client-address-and-proxy-trust.md).
// The production server (scripts/server.ts) works out the address the way Express does with its
// "trust proxy" setting (TRUST_PROXY): the socket's peer, or, behind proxies it trusts, the address
// they forwarded. It hands it to the app in one internal header, and only there: an incoming copy
// of that header is always replaced, so no client can choose its own bucket.

/** The internal header the server sets on every request; the app reads the client address only here. */
export const CLIENT_ADDRESS_HEADER = "x-panel-client-address";

/** Preset names Express's trust proxy knows (proxy-addr), besides addresses and CIDR ranges. */
const PRESETS = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY as Express's "trust proxy" takes it: unset or "0" trusts no proxy (the socket's
 * address counts); a whole number trusts that many hops in front of the app; a comma-separated
 * list trusts those addresses, CIDR ranges and presets. Throws with a message for anything else,
 * including "true" (trust everyone), which would let any client forge its address.
 */
export function parseTrustProxy(raw: string | undefined): number | string[] | false {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "0" || value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === "true") {
    throw new Error(
      "TRUST_PROXY=true would let any client choose its own address: give the number of proxies in front of the app instead (e.g. 1)",
    );
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !PRESETS.has(entry) && !isAddressOrRange(entry));
  if (entries.length === 0 || bad.length > 0) {
    throw new Error(
      `TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal; not understood: ${bad.join(", ") || value}`,
    );
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split("/");
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // proxy-addr also takes a netmask after the slash (10.0.0.0/255.0.0.0).
  if (family === 4 && net.isIPv4(prefix)) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Express middleware: replaces any incoming copy of the internal header with req.ip, which Express
 * derives from the socket and the "trust proxy" setting (set from TRUST_PROXY before this runs).
 */
export function recordClientAddress(): RequestHandler {
  return (req, _res, next) => {
    delete req.headers[CLIENT_ADDRESS_HEADER];
    const address = req.ip;
    if (address) req.headers[CLIENT_ADDRESS_HEADER] = address;
    next();
  };
}

/**
 * The bucket a per-address limit counts an address in: an IPv4 address as it is (an IPv4-mapped
 * IPv6 address as its IPv4 address), an IPv6 address by its /64 network, because one subscriber
 * (a phone on Jio, a home line) gets a whole /64 and could otherwise take a new address per try.
 * Null for anything that is not an address.
 */
export function addressBucket(address: string): string | null {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  if (mapped && net.isIPv4(mapped[1])) return mapped[1];
  if (net.isIPv4(trimmed)) return trimmed;
  if (!net.isIPv6(trimmed)) return null;
  return `${expandIPv6(trimmed).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros ("2001:db8::1" → 2001,db8,0,…,1). */
function expandIPv6(address: string): string[] {
  const withoutZone = address.split("%")[0];
  const [head, tail] = withoutZone.includes("::") ? withoutZone.split("::") : [withoutZone, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  // An embedded IPv4 tail (::1.2.3.4) takes two groups; only the first four groups matter here.
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array(Math.max(0, missing)).fill("0"), ...tailGroups];
  return groups.map((group) => (/^[0-9a-f]+$/i.test(group) ? parseInt(group, 16).toString(16) : group));
}
