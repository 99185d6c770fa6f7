import { randomBytes } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { getEnv } from "./env.server";

// The cookies that carry a database session id, one per kind of account (members, admins). Only
// the signed id travels; everything else stays in the session's row.
const cookies = new Map<string, Cookie>();

export function sessionCookie(name: "__member" | "__admin"): Cookie {
  let cookie = cookies.get(name);
  if (!cookie) {
    const env = getEnv();
    cookie = createCookie(name, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: env.NODE_ENV === "production" && env.APP_URL.startsWith("https:"),
      secrets: [env.SESSION_SECRET],
    });
    cookies.set(name, cookie);
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
