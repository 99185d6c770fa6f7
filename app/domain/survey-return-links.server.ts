import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/lib/env.server";
import { TOKEN_PLACEHOLDER } from "./survey-catalogue-schema";

// The links an external survey's vendor sends a respondent back through, and their signatures.
// The vendor fills in the respondent token, signs the link with the survey's secret and appends the
// signature; /surveys/redirect verifies it before it changes anything.
// See docs/decisions/020-survey-catalogue.md.
//
// Canonical form (what is signed): the URL's origin and path, then "?" and every query parameter
// except `signature`, sorted by name and then by value (UTF-16 code unit order), each name and value
// percent-encoded as encodeURIComponent does, joined with "&". The fragment is never part of it.
// For the links as given (status, then token, both URL-safe) this is the link itself, so a vendor
// that signs exactly the URL it calls, before appending &signature=, signs the canonical form.
// The signature is the lowercase hex HMAC-SHA256 of that string, keyed with the survey's secret as
// it is shown (its 64 hex characters as ASCII).

/** The return statuses a vendor reports, in the order the admin page lists them. */
export const RETURN_STATUSES = ["complete", "terminate", "over_quota", "quality"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_PATH = "/surveys/redirect";
export const SIGNATURE_PARAMETER = "signature";

/** The link of one status for the vendor, with `{token}` where the respondent token goes. */
export function returnLinkTemplate(status: ReturnStatus): string {
  const url = new URL(RETURN_PATH, getEnv().APP_URL);
  // Built by hand: URLSearchParams would percent-encode the placeholder's braces.
  return `${url.origin}${url.pathname}?status=${status}&token=${TOKEN_PLACEHOLDER}`;
}

/** The string that is signed; null for a value that is not an absolute http(s) URL. */
export function canonicalReturnUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  const pairs = [...parsed.searchParams]
    .filter(([name]) => name !== SIGNATURE_PARAMETER)
    .sort(([nameA, valueA], [nameB, valueB]) => compare(nameA, nameB) || compare(valueA, valueB))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  const base = `${parsed.origin}${parsed.pathname}`;
  return pairs.length > 0 ? `${base}?${pairs.join("&")}` : base;
}

function compare(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function hmacHex(canonical: string, secret: string): string {
  return createHmac("sha256", secret).update(canonical, "utf8").digest("hex");
}

/** The URL in canonical form with its signature appended (any earlier signature dropped). */
export function signReturnUrl(url: string, secret: string): string {
  const canonical = canonicalReturnUrl(url);
  if (canonical === null) throw new Error("A return URL must be an absolute http(s) URL");
  return `${canonical}${canonical.includes("?") ? "&" : "?"}${SIGNATURE_PARAMETER}=${hmacHex(canonical, secret)}`;
}

/**
 * True when the URL carries exactly one signature and it is the HMAC of the URL's canonical form.
 * Pass the URL as the vendor called it: behind a proxy, build it from APP_URL and the request's path
 * and query, since the request's own origin may differ from the one the vendor signed.
 */
export function verifyReturnUrl(url: string, secret: string): boolean {
  const canonical = canonicalReturnUrl(url);
  if (canonical === null || secret === "") return false;
  const signatures = new URL(url).searchParams.getAll(SIGNATURE_PARAMETER);
  if (signatures.length !== 1 || !/^[0-9a-f]{64}$/i.test(signatures[0])) return false;
  const expected = Buffer.from(hmacHex(canonical, secret), "hex");
  // Same length (32 bytes) by the pattern above, as timingSafeEqual requires.
  return timingSafeEqual(Buffer.from(signatures[0], "hex"), expected);
}

/** A survey's signing secrets: the current one and, after a rotation, the previous one until it expires. */
export interface ReturnSecrets {
  returnSecret: string;
  previousReturnSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * True when the URL is signed with the survey's current secret, or with the previous one while its
 * grace period lasts (docs/decisions/038-money-controls.md): links fielded before a rotation keep
 * working for SURVEY_SECRET_GRACE_HOURS, and not a moment longer.
 */
export function verifyReturnUrlWithSecrets(url: string, secrets: ReturnSecrets, now: Date = new Date()): boolean {
  return verifiesWithSecrets(secrets, (secret) => verifyReturnUrl(url, secret), now);
}

/**
 * The grace rule itself, for anything signed with the survey's secret (return links, the vendor's
 * server callbacks of decision 060): the current secret, or the previous one until it expires.
 */
export function verifiesWithSecrets(
  secrets: ReturnSecrets,
  verify: (secret: string) => boolean,
  now: Date = new Date(),
): boolean {
  if (verify(secrets.returnSecret)) return true;
  const { previousReturnSecret: previous, previousSecretExpiresAt: expiresAt } = secrets;
  return Boolean(previous && expiresAt && expiresAt > now && verify(previous));
}
