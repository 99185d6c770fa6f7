import { expect } from "vitest";
import type { Toast } from "~/lib/toast.server";
import { ORIGIN, toastOf } from "./requests";

// Custom matchers for what a loader or action returned, registered for every test file by
// vitest.config.ts (setupFiles). Their types are declared at the end of this file.
//
//   expect(result).toRedirectTo("/dashboard")            a redirect Response to this path (and query)
//   await expect(result).toHaveToast({ type: "success" }) a redirect that flashes this toast (a subset)
//   expect(result).toHaveSession("member")               a response that sets a new member session
//   expect(result).not.toHaveSession("admin")            …or does not

function locationOf(received: unknown): string | null {
  if (!(received instanceof Response)) return null;
  const location = received.headers.get("Location");
  if (location === null) return null;
  const url = new URL(location, ORIGIN);
  return url.origin === ORIGIN ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

function describeReceived(received: unknown): string {
  if (received instanceof Response)
    return `a ${received.status} Response${locationOf(received) ? ` to ${locationOf(received)}` : ""}`;
  try {
    return JSON.stringify(received)?.slice(0, 300) ?? String(received);
  } catch {
    return String(received);
  }
}

expect.extend({
  toRedirectTo(received: unknown, path: string) {
    const isRedirect = received instanceof Response && received.status >= 300 && received.status < 400;
    const location = locationOf(received);
    const pass = isRedirect && location === path;
    return {
      pass,
      message: () =>
        pass
          ? `expected the response not to redirect to ${path}`
          : `expected a redirect to ${path}, got ${describeReceived(received)}`,
      actual: location,
      expected: path,
    };
  },

  async toHaveToast(received: unknown, expected: Partial<Toast> = {}) {
    if (!(received instanceof Response)) {
      return { pass: false, message: () => `expected a Response with a toast, got ${describeReceived(received)}` };
    }
    const toast = await toastOf(received);
    const pass = toast !== null && this.equals(toast, expect.objectContaining(expected));
    return {
      pass,
      message: () =>
        pass
          ? `expected no toast like ${JSON.stringify(expected)}, got ${JSON.stringify(toast)}`
          : `expected a toast like ${JSON.stringify(expected)}, got ${JSON.stringify(toast)}`,
      actual: toast,
      expected,
    };
  },

  toHaveSession(received: unknown, kind: "member" | "admin") {
    const headers =
      received instanceof Response
        ? received.headers
        : received && typeof received === "object" && "init" in received
          ? new Headers((received as { init?: ResponseInit | null }).init?.headers)
          : new Headers();
    // A session cookie with a value (signing out sets an empty, expired one).
    const pattern = new RegExp(`^(__Host-|__Secure-|__)${kind}=[^;]+`);
    const pass = headers
      .getSetCookie()
      .some((value) => pattern.test(value) && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(value));
    return {
      pass,
      message: () =>
        pass
          ? `expected the response not to start a ${kind} session`
          : `expected the response to start a ${kind} session; it sets: ${headers.getSetCookie().join(" | ") || "no cookie"}`,
    };
  },
});

interface PanelMatchers<R = unknown> {
  /** A redirect Response whose Location is this path (with its query), on this app's origin. */
  toRedirectTo(path: string): R;
  /** A Response that flashes a toast containing these fields; await it. */
  toHaveToast(expected?: Partial<Toast>): Promise<R>;
  /** A Response (or data() result) that sets a non-empty session cookie of this kind. */
  toHaveSession(kind: "member" | "admin"): R;
}

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type
  interface Assertion<T = any> extends PanelMatchers<T> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AsymmetricMatchersContaining extends Omit<PanelMatchers, "toHaveToast"> {}
}
