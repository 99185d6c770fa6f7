import bcrypt from "bcryptjs";

// bcrypt in pure JavaScript (no native binary to download). Cost 10 is OWASP's minimum for bcrypt
// and keeps a login near 100 ms on a small server core.
const COST = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
