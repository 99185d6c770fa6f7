import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { disposableEmailBlocklistSet } from "disposable-email-domains-js";
import type { PayoutMethod, PrismaClient } from "~/generated/prisma/client";
import { tr } from "~/i18n/mark";
import { getPrisma, type Tx } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { cookieIdentity } from "~/lib/session-cookie.server";
import { PAYOUT_METHOD_LABEL, type NewPaymentAccount } from "./payment-accounts";
import { raiseSignal, raiseSignals, type RaisedSignal } from "./quality-signals.server";

// Signals about identity (issue 20 point 1, docs/decisions/070-identity-signals.md): the same
// browser, payout destination or phone on several accounts, bursts of registrations from one
// address, and disposable e-mail domains refused at registration. What is compared (a device id, an
// address, a destination, a phone) is stored, where it is stored for this purpose, only as a keyed
// hash (HMAC-SHA256 with a key derived from SESSION_SECRET), and that hash is the signal's subject.

// ── Keyed hashes ───────────────────────────────────────────────────────────────────────────────

let cachedKey: { secret: string; key: Buffer } | undefined;

// A key of its own, derived from SESSION_SECRET, so a hash here can never be confused with a cookie
// signature or a sealed draft made from the same secret.
function signalKey(): Buffer {
  const secret = getEnv().SESSION_SECRET;
  if (cachedKey?.secret !== secret) {
    cachedKey = {
      secret,
      key: Buffer.from(hkdfSync("sha256", secret, "", "survey-panel identity signals v1", 32)),
    };
  }
  return cachedKey.key;
}

/** HMAC-SHA256 of what is compared, scoped by its kind: the same text as a phone and as an address hash apart. */
export function keyedHash(scope: "device" | "payout" | "phone" | "address", value: string): string {
  return createHmac("sha256", signalKey()).update(`${scope}\u0000${value}`).digest("base64url");
}

// ── The device cookie ──────────────────────────────────────────────────────────────────────────

export const DEVICE_COOKIE_DAYS = 730;
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
let cookie: Cookie | undefined;

// A random id and nothing else, so it needs no signature: a forged value names no one's device.
function deviceCookie(): Cookie {
  if (!cookie) {
    const { name, secure, path } = cookieIdentity("device");
    cookie = createCookie(name, {
      path,
      httpOnly: true,
      sameSite: "lax",
      secure,
      maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
    });
  }
  return cookie;
}

async function readDeviceId(request: Request): Promise<string | null> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && DEVICE_ID_PATTERN.test(value) ? value : null;
}

/**
 * A member registered or signed in on this browser: remembers the browser (as a keyed hash) with the
 * member and, when other accounts were seen on it, raises shared_device for every account on it.
 * Returns the Set-Cookie header that gives a browser without a device cookie its new one, or null.
 */
export async function recognizeDevice(
  request: Request,
  memberId: number,
  { now = new Date(), db = getPrisma() }: { now?: Date; db?: PrismaClient } = {},
): Promise<string | null> {
  const known = await readDeviceId(request);
  const deviceId = known ?? randomBytes(32).toString("base64url");
  const deviceHash = keyedHash("device", deviceId);
  await db.$transaction(async (tx) => {
    await tx.memberDevice.upsert({
      where: { memberId_deviceHash: { memberId, deviceHash } },
      create: { memberId, deviceHash, firstSeenAt: now, lastSeenAt: now },
      update: { lastSeenAt: now },
    });
    // A new id cannot have been seen with anyone else.
    if (!known) return;
    const seen = await tx.memberDevice.findMany({ where: { deviceHash }, select: { memberId: true } });
    await raiseShared(
      tx,
      "shared_device",
      deviceHash,
      seen.map((row) => row.memberId),
      {},
    );
  });
  return known ? null : deviceCookie().serialize(deviceId);
}

/** Each of the members gets the signal, naming the others; nothing when only one member is involved. */
async function raiseShared(
  tx: Tx,
  kind: "shared_device" | "shared_payout" | "shared_phone",
  subject: string,
  memberIds: number[],
  evidence: { method?: string },
): Promise<void> {
  const members = [...new Set(memberIds)].sort((a, b) => a - b);
  if (members.length < 2) return;
  const signals: RaisedSignal[] = members.map((memberId) => ({
    memberId,
    kind,
    subject,
    evidence: { ...evidence, otherMemberIds: members.filter((id) => id !== memberId) },
  }));
  await raiseSignals(tx, signals);
}

// ── Payout destinations and phones ─────────────────────────────────────────────────────────────

/** Who pays out where, as compared: PayPal e-mail and UPI id lower-cased, a bank account with its IFSC. */
function payoutDestination(account: NewPaymentAccount): string {
  switch (account.method) {
    case "paypal":
      return account.paypalEmail.trim().toLowerCase();
    case "upi":
      return account.upiId.trim().toLowerCase();
    case "bank":
      return `${account.bankAccountNumber.replace(/\s+/g, "")}/${account.bankIfsc.trim().toUpperCase()}`;
  }
}

/**
 * After a member added a payout account (in the same transaction): every member with an account of
 * that method to the same destination, this one included, gets shared_payout. The account stays.
 */
export async function raiseSharedPayout(tx: Tx, memberId: number, account: NewPaymentAccount): Promise<void> {
  const destination = payoutDestination(account);
  const holders = await membersPayingTo(tx, account.method, destination);
  const subject = keyedHash("payout", `${account.method}:${destination}`);
  await raiseShared(tx, "shared_payout", subject, [memberId, ...holders], {
    method: PAYOUT_METHOD_LABEL[account.method],
  });
}

async function membersPayingTo(tx: Tx, method: PayoutMethod, destination: string): Promise<number[]> {
  let rows: { memberId: number }[];
  switch (method) {
    case "paypal":
      rows = await tx.$queryRaw`
        SELECT DISTINCT "memberId" FROM "PaymentAccount"
        WHERE "method" = 'paypal' AND lower(trim("paypalEmail")) = ${destination}`;
      break;
    case "upi":
      rows = await tx.$queryRaw`
        SELECT DISTINCT "memberId" FROM "PaymentAccount"
        WHERE "method" = 'upi' AND lower(trim("upiId")) = ${destination}`;
      break;
    case "bank": {
      const [number, ifsc] = destination.split("/");
      rows = await tx.$queryRaw`
        SELECT DISTINCT "memberId" FROM "PaymentAccount"
        WHERE "method" = 'bank' AND "bankAccountNumber" = ${number} AND upper(trim("bankIfsc")) = ${ifsc}`;
      break;
    }
  }
  return rows.map((row) => row.memberId);
}

/** After a member's phone was stored (registration, My Detail): every member with that phone gets shared_phone. */
export async function raiseSharedPhone(tx: Tx, memberId: number, mobile: string | null): Promise<void> {
  if (!mobile) return;
  const others = await tx.member.findMany({
    where: { mobile, id: { not: memberId } },
    select: { id: true },
  });
  await raiseShared(tx, "shared_phone", keyedHash("phone", mobile), [memberId, ...others.map((row) => row.id)], {});
}

// ── Country changes ────────────────────────────────────────────────────────────────────────────

/**
 * A member who changes their country after earning points raises country_changed (decision 078):
 * the new country brings its own surveys, profile sets (each paid once per member) and minimum
 * withdrawal. Before any points, a new member is only correcting a slip: no signal. Once per pair
 * of countries (the subject), so saving My Detail again changes nothing.
 */
export async function raiseCountryChange(tx: Tx, memberId: number, from: string, to: string): Promise<void> {
  const earned = await tx.pointsTransaction.aggregate({
    where: { memberId, change: { gt: 0 } },
    _sum: { change: true },
  });
  const pointsEarned = earned._sum.change ?? 0;
  if (pointsEarned <= 0) return;
  await raiseSignal(tx, {
    memberId,
    kind: "country_changed",
    subject: `${from}>${to}`,
    evidence: { fromCountry: from, toCountry: to, pointsEarned },
  });
}

// ── Registration bursts ────────────────────────────────────────────────────────────────────────

/**
 * A new account registered from this client address (the rate limits' address bucket; null when
 * unknown): its keyed hash and time are kept for the burst window, and the registration that makes
 * the count within the window exceed the limit raises registration_burst on the new account.
 */
export async function recordRegistrationAddress(
  tx: Tx,
  memberId: number,
  address: string | null,
  now: Date = new Date(),
): Promise<void> {
  if (!address) return;
  const { REGISTRATION_BURST_LIMIT: limit, REGISTRATION_BURST_WINDOW_MINUTES: windowMinutes } = getEnv();
  const addressHash = keyedHash("address", address);
  await tx.registrationTrace.create({ data: { addressHash, createdAt: now } });
  const count = await tx.registrationTrace.count({
    where: { addressHash, createdAt: { gt: new Date(now.getTime() - windowMinutes * 60_000), lte: now } },
  });
  if (count <= limit) return;
  await raiseSignal(tx, {
    memberId,
    kind: "registration_burst",
    subject: addressHash,
    evidence: { count, windowMinutes },
  });
}

/**
 * What the identity signals keep to compare, past its time: registration addresses after the burst
 * window, browsers not seen for the device cookie's life. Run by the inactivity job.
 */
export async function purgeIdentityTraces(db: PrismaClient, now: Date = new Date()): Promise<number> {
  const windowMs = getEnv().REGISTRATION_BURST_WINDOW_MINUTES * 60_000;
  const traces = await db.registrationTrace.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - windowMs) } },
  });
  const devices = await db.memberDevice.deleteMany({
    where: { lastSeenAt: { lt: new Date(now.getTime() - DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000) } },
  });
  return traces.count + devices.count;
}

// ── Disposable e-mail domains ──────────────────────────────────────────────────────────────────

export const DISPOSABLE_EMAIL = tr(
  "This looks like a disposable email address. Please register with an address you will keep: we send your survey invitations and payout updates there.",
);

let disposableDomains: Set<string> | undefined;

/** Whether the address's domain, or a domain it is a subdomain of, is on the disposable list. */
export function isDisposableEmail(email: string): boolean {
  disposableDomains ??= disposableEmailBlocklistSet();
  const domain = email.trim().toLowerCase().split("@").pop()?.replace(/\.$/, "") ?? "";
  const labels = domain.split(".");
  for (let start = 0; start < labels.length - 1; start += 1) {
    if (disposableDomains.has(labels.slice(start).join("."))) return true;
  }
  return false;
}
