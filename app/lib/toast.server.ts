import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { getEnv } from "./env.server";
import { cookieIdentity } from "./session-cookie.server";

// A toast is a flash message: set on a redirect, shown once by the next page the server renders,
// so it works without JavaScript; with JavaScript it also hides itself after 4 seconds.
const toastSchema = z.object({
  type: z.enum(["success", "error"]),
  message: z.string().min(1).max(500),
});

export type Toast = z.infer<typeof toastSchema>;

const FLASH_KEY = "toast" as const;

let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>> | undefined;

function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: { ...cookieIdentity("toast"), httpOnly: true, sameSite: "lax", secrets: [getEnv().SESSION_SECRET] },
  });
  return storage;
}

export async function toastHeaders(toast: Toast): Promise<Headers> {
  const session = await toastStorage().getSession();
  session.flash(FLASH_KEY, toast);
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  for (const [name, value] of await toastHeaders(toast)) headers.append(name, value);
  return redirect(url, { ...init, headers });
}

/** Reads and consumes the flash toast; the returned headers clear it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(FLASH_KEY));
  if (!parsed.success) return { toast: null, headers: null };
  return {
    toast: parsed.data,
    headers: new Headers({ "Set-Cookie": await toastStorage().destroySession(session) }),
  };
}
