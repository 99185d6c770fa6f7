import { randomBytes } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { getEnv, type Env } from "./env.server";

/**
 * The one rule for "this app is really served over https": a production start with an https
 * APP_URL. Then every cookie is Secure (and prefixed, below) and responses carry HSTS; the demo,
 * development and tests on plain http get neither.
 */
export function servedOverHttps(env: Pick<Env, "NODE_ENV" | "APP_URL"> = getEnv()): boolean {
  return env.NODE_ENV === "production" && env.APP_URL.startsWith("https:");
}

/**
 * Every cookie the app sets, by its base name. The Cookie Policy (app/content/cookies.tsx) lists each
 * one, and tests/unit/cookie-policy.test.ts fails when it does not: a new cookie is added here first.
 */
export const COOKIE_NAMES = ["member", "admin", "toast", "google_oauth", "lng", "registration", "device"] as const;
export type CookieName = (typeof COOKIE_NAMES)[number];

/**
 * The name and transport of every cookie the app sets, decided here once. In production over https
 * a cookie is Secure and carries the browser-enforced prefix: `__Host-` for a cookie of the whole
 * site (Secure, Path=/, no Domain: no subdomain or plain-http page can set or shadow it), `__Secure-`
 * for one with a narrower path. Elsewhere (the demo, development, tests on http) the plain name.
 * See docs/decisions/031-start-modes.md.
 */
export function cookieIdentity(base: CookieName, path = "/"): { name: string; secure: boolean; path: string } {
  const secure = servedOverHttps();
  if (!secure) return { name: `__${base}`, secure, path };
  return { name: `${path === "/" ? "__Host-" : "__Secure-"}${base}`, secure, path };
}

// The cookies that carry a database session id, one per kind of account (members, admins). Only
// the signed id travels; everything else stays in the session's row.
const cookies = new Map<string, Cookie>();

export function sessionCookie(kind: "member" | "admin"): Cookie {
  let cookie = cookies.get(kind);
  if (!cookie) {
    const env = getEnv();
    const { name, secure, path } = cookieIdentity(kind);
    cookie = createCookie(name, { path, httpOnly: true, sameSite: "lax", secure, secrets: [env.SESSION_SECRET] });
    cookies.set(kind, cookie);
  }
  return cookie;
}

/** 256 random bits: a session id nobody can guess. */
export function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}

export async function readSessionId(cookie: Cookie, request: Request): Promise<string | null> {
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** Whether the request carries the cookie at all, even one whose signature no longer checks out. */
export function carriesCookie(cookie: Cookie, request: Request): boolean {
  const prefix = `${cookie.name}=`;
  return (request.headers.get("Cookie") ?? "").split(";").some((part) => part.trim().startsWith(prefix));
}

export function clearCookie(cookie: Cookie): Promise<string> {
  return cookie.serialize("", { expires: new Date(0) });
}
