import os from "node:os";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import bcrypt from "bcryptjs";
import dumbPasswords from "dumb-passwords";
import { tr } from "~/i18n/mark";
import { readSettings } from "~/lib/env.server";

// Passwords are hashed with argon2id through @node-rs/argon2: native code from npm's prebuilt
// binaries that runs in libuv's thread pool, so a sign-in never blocks the event loop (bcryptjs
// did, in JavaScript). Hashes made before (bcrypt, "$2…") keep verifying and are replaced by an
// argon2id hash at the next successful sign-in (docs/decisions/035-password-hashing.md).

/** OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane), which is also the library's default. */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const PASSWORD_MIN_LENGTH = 8;
// Kept from the bcrypt days, when only the first 72 bytes counted: the limit members already know,
// and it bounds the work an anonymous post can ask for.
const PASSWORD_MAX_BYTES = 72;
// The policy's messages name the two limits in their text: a translated text is a fixed string
// (decision 074). tests/integration/member-password.test.ts checks them against the limits.
const TOO_SHORT = tr("The password must be at least 8 characters.");
const TOO_LONG = tr("The password must be at most 72 characters.");

/**
 * At most this many hashes run at once. libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE
 * says otherwise) also serves file access, DNS and WebCrypto (signed cookies): were every thread
 * hashing, a health probe or a page would queue behind all the sign-ins. Two threads stay free,
 * and more hashes at once than cores would not be faster anyway.
 */
const HASHING_SLOTS = Math.max(
  1,
  Math.min(os.availableParallelism(), readSettings(["UV_THREADPOOL_SIZE"]).UV_THREADPOOL_SIZE - 2),
);
let hashing = 0;
const waiting: (() => void)[] = [];

async function inHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHING_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inHashingSlot(() => argon2Hash(password, ARGON2_OPTIONS));
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (isBcryptHash(hash)) return bcrypt.compare(password, hash);
  return inHashingSlot(() => argon2Verify(hash, password)).catch(() => false);
}

/** Whether a stored hash should be replaced (at a sign-in that just proved the password). */
export function needsRehash(hash: string): boolean {
  const params = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
  if (!params) return true;
  const [memoryCost, timeCost, parallelism] = params.slice(1).map(Number);
  return (
    memoryCost < ARGON2_OPTIONS.memoryCost ||
    timeCost < ARGON2_OPTIONS.timeCost ||
    parallelism !== ARGON2_OPTIONS.parallelism
  );
}

function isBcryptHash(hash: string): boolean {
  return /^\$2[abxy]?\$/.test(hash);
}

/** Why a new password is not acceptable, or null when it is. The same policy for members and admins. */
export function passwordPolicyIssue(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return TOO_SHORT;
  }
  if (Buffer.byteLength(password, "utf8") > PASSWORD_MAX_BYTES) {
    return TOO_LONG;
  }
  if (dumbPasswords.check(password)) {
    return tr("This password is too common. Choose another.");
  }
  return null;
}

/** Admins move money: every newly set admin password is at least 12 characters (decision 037). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** The member policy plus the admins' longer minimum. */
export function adminPasswordPolicyIssue(password: string): string | null {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    return `An admin password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`;
  }
  return passwordPolicyIssue(password);
}
