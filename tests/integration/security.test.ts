import fs from "node:fs";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, describe, expect, test, vi } from "vitest";
import { startAdminSession } from "~/domain/admin-sessions.server";
import { hashPassword } from "~/domain/passwords.server";
import { startMemberSession } from "~/domain/sessions.server";
import { getPrisma } from "~/lib/db.server";
import { readFormData } from "~/lib/forms.server";
import { getToast, toastHeaders } from "~/lib/toast.server";
import { action as adminLoginAction } from "~/routes/admin._index";
import { action as adminLogoutAction } from "~/routes/admin.logout";
import { action as googleStartAction } from "~/routes/auth.google";
import { action as loginAction } from "~/routes/_guest.login";
import { action as registerAction } from "~/routes/_guest.register";
import { action as logoutAction } from "~/routes/logout";
import { createTestAdmin, createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";

// Cross-origin posts and cookie attributes, in a production configuration served over https with
// real (not mocked) Google sign-in. getEnv() reads the environment once, on first use, so it is set
// before any test runs: all of it before the imports, NODE_ENV just after them (React, loaded by the
// imports, must stay the development build that vitest's JSX transform calls).
const { APP, OUTBOX } = vi.hoisted(() => {
  const app = "https://panel.test";
  const outbox = `${process.env.TMPDIR ?? "/tmp"}/outbox-security-${process.pid}-${Date.now()}`;
  Object.assign(process.env, {
    APP_URL: app,
    MAIL_OUTBOX_DIR: outbox,
    SMTP_URL: "",
    GOOGLE_MOCK: "0",
    GOOGLE_CLIENT_ID: "security-test-client",
    GOOGLE_CLIENT_SECRET: "security-test-secret",
  });
  return { APP: app, OUTBOX: outbox };
});
process.env.NODE_ENV = "production";

afterAll(() => fs.rmSync(OUTBOX, { recursive: true, force: true }));

const EVIL = "https://evil.example";
const REFUSED = "Cross-origin form posts are not accepted.";
const PASSWORD = "Quartz-Lantern-42";

type Action = (args: ActionFunctionArgs) => Promise<unknown>;
// Every route module, as app/routes.ts finds them (a route's `*.server.ts` helpers are not routes).
const routeModules = import.meta.glob<{ action?: Action }>([
  "../../app/routes/*.{ts,tsx}",
  "!../../app/routes/*.server.ts",
]);

/** The Response an action returned or threw. */
async function outcome(work: Promise<unknown>): Promise<Response> {
  try {
    const result = await work;
    if (result instanceof Response) return result;
    throw new Error(`Expected a Response, got ${JSON.stringify(result)}`);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Every row of every table, to prove a refused post changed nothing. */
async function databaseState(): Promise<Record<string, unknown>> {
  const prisma = getPrisma();
  const tables = await prisma.$queryRawUnsafe<{ tablename: string }[]>(
    `SELECT tablename::text AS tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const state: Record<string, unknown> = {};
  for (const { tablename } of tables) {
    const [{ rows }] = await prisma.$queryRawUnsafe<{ rows: unknown }[]>(
      `SELECT coalesce(json_agg(t ORDER BY t::text), '[]'::json) AS rows FROM "${tablename}" t`,
    );
    state[tablename] = rows;
  }
  return state;
}

/** The URL path and params of a flat-route file name, with "1" for every param. */
function routeTarget(file: string): { id: string; path: string; params: Record<string, string> } {
  const id = file.replace(/^.*\//, "").replace(/\.tsx?$/, "");
  const params: Record<string, string> = {};
  const segments = id
    .replace(/\[\.\]/g, "%2E")
    .split(".")
    .filter((segment) => !segment.startsWith("_"))
    .map((segment) => {
      if (!segment.startsWith("$")) return segment.replace(/%2E/g, ".");
      params[segment.slice(1) || "*"] = "1";
      return "1";
    });
  return { id, path: `/${segments.join("/")}`, params };
}

function post(path: string, headers: Record<string, string>, fields: Record<string, string> = {}) {
  return new Request(`${APP}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Panel-Client-Address": "198.51.100.9",
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}

/** Cookies of a verified member with complete details and of an active admin, so no guard stops a post. */
async function signedInEverywhere(): Promise<string> {
  const member = await createTestMember({ passwordHash: await hashPassword(PASSWORD) });
  const admin = await createTestAdmin();
  const memberCookie = await startMemberSession(member.id, { persistent: true, request: new Request(APP) });
  const adminCookie = await startAdminSession(admin.id, new Request(APP));
  return [memberCookie, adminCookie].map((cookie) => cookie.split(";")[0]).join("; ");
}

describe("a form post from another origin", () => {
  test("is refused with 403 by every route that handles posts, and changes nothing", async () => {
    const cookie = await signedInEverywhere();
    const before = await databaseState();
    const checked: string[] = [];
    for (const [file, load] of Object.entries(routeModules)) {
      const { action } = await load();
      if (!action) continue;
      const { id, path, params } = routeTarget(file);
      const fields = { intent: "save", email: "mallory@example.com", password: PASSWORD, allDevices: "on" };
      const response = await outcome(
        action({ request: post(path, { Cookie: cookie, Origin: EVIL }, fields), params, context: {} }),
      );
      // A path that does not exist reads nothing and answers 404 to any method.
      if (id === "$") {
        expect(response.status, id).toBe(404);
        continue;
      }
      // The vendors' server-to-server callback reads no cookie: its HMAC signature is its only
      // credential, so an origin says nothing about it; unsigned, it is refused all the same
      // (unknown survey 404, bad signature 401; decision 060).
      if (id === "api.surveys.$id.callback") {
        expect([401, 404], id).toContain(response.status);
        continue;
      }
      expect(response.status, id).toBe(403);
      expect(await response.text(), id).toBe(REFUSED);
      checked.push(id);
    }
    // A sanity check that the glob found the routes: the public forms and the admin area at least.
    expect(checked).toEqual(
      expect.arrayContaining(["_guest.login", "_guest.register", "_guest.reset-password", "admin._index", "logout"]),
    );
    expect(checked.length).toBeGreaterThan(25);
    expect(await databaseState()).toEqual(before);
    expect(fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX) : []).toEqual([]);
  });

  test("is refused when only the Referer names another origin", async () => {
    const response = await outcome(
      loginAction({ request: post("/login", { Referer: `${EVIL}/form` }), params: {}, context: {} }),
    );
    expect(response.status).toBe(403);
  });

  test("is refused from an opaque origin (Origin: null) and from a sibling subdomain", async () => {
    for (const origin of ["null", "https://shop.panel.test", "http://panel.test"]) {
      const response = await outcome(
        loginAction({ request: post("/login", { Origin: origin }), params: {}, context: {} }),
      );
      expect(response.status, origin).toBe(403);
    }
  });

  test("any method but GET and HEAD is checked", async () => {
    const request = new Request(`${APP}/logout`, { method: "DELETE", headers: { Origin: EVIL } });
    expect((await outcome(logoutAction({ request, params: {}, context: {} }))).status).toBe(403);
  });

  test("readFormData itself refuses, so an action without a guard is covered too", async () => {
    const response = await outcome(readFormData(post("/anything", { Origin: EVIL }, { a: "b" })));
    expect(response.status).toBe(403);
  });
});

describe("a form post from this site", () => {
  test("passes with the request's own origin, with APP_URL's (behind a proxy), with a same-origin Referer", async () => {
    const behindProxy = (headers: Record<string, string>) =>
      new Request("http://10.0.0.5:3000/login", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ email: "", password: "" }),
      });
    const requests = [
      post("/login", { Origin: APP }, { email: "", password: "" }),
      behindProxy({ Origin: APP }),
      behindProxy({ Origin: "http://10.0.0.5:3000" }),
      post("/login", { Referer: `${APP}/login?redirectTo=%2Fdashboard` }, { email: "", password: "" }),
    ];
    for (const request of requests) {
      // The empty form is answered with its field errors: the post got through to the action.
      expect(await loginAction({ request, params: {}, context: {} })).toMatchObject({ init: { status: 400 } });
    }
  });

  test("passes with neither Origin nor Referer (non-browser clients; SameSite still applies)", async () => {
    const result = await loginAction({
      request: post("/login", {}, { email: "", password: "" }),
      params: {},
      context: {},
    });
    expect(result).toMatchObject({ init: { status: 400 } });
  });
});

describe("cookies in production over https", () => {
  /** Every Set-Cookie of a response, by cookie name, with its attributes lower-cased. */
  function setCookies(headers: Headers): Map<string, string[]> {
    return new Map(
      headers.getSetCookie().map((cookie) => {
        const [pair, ...attributes] = cookie.split(";").map((part) => part.trim());
        return [pair.split("=")[0], attributes.map((attribute) => attribute.toLowerCase())];
      }),
    );
  }

  // The prefixes make the browser itself refuse a cookie that is not Secure (and, for __Host-, one
  // with a Domain or another path), so a plain-http page or a subdomain cannot plant a session.
  function expectProtected(name: string, attributes: string[] | undefined, path = "/") {
    expect(attributes, name).toBeDefined();
    if (name.startsWith("__Host-"))
      expect(
        attributes!.some((attribute) => attribute.startsWith("domain=")),
        name,
      ).toBe(false);
    expect(attributes, name).toEqual(expect.arrayContaining(["httponly", "secure", "samesite=lax", `path=${path}`]));
  }

  const sameOrigin = { Origin: APP };

  test("the member session cookie, set at login and cleared at logout", async () => {
    const member = await createTestMember({ passwordHash: await hashPassword(PASSWORD) });
    for (const remeber of ["", "on"]) {
      const fields = { email: member.email, password: PASSWORD, ...(remeber ? { remeber } : {}) };
      const login = expectRedirect(
        await loginAction({ request: post("/login", sameOrigin, fields), params: {}, context: {} }),
      );
      expectProtected("__Host-member", setCookies(login.headers).get("__Host-member"));
      // The long-lived device cookie of the identity signals (decision 070), by the same rule.
      expectProtected("__Host-device", setCookies(login.headers).get("__Host-device"));
    }
    const logout = expectRedirect(
      await logoutAction({ request: post("/logout", sameOrigin), params: {}, context: {} }),
    );
    expectProtected("__Host-member (cleared)", setCookies(logout.headers).get("__Host-member"));
  });

  test("the admin session cookie, set at login and cleared at logout", async () => {
    const admin = await createTestAdmin({ password: PASSWORD });
    const login = expectRedirect(
      await adminLoginAction({
        request: post("/admin", sameOrigin, { email: admin.email, password: PASSWORD }),
        params: {},
        context: {},
      }),
    );
    expectProtected("__Host-admin", setCookies(login.headers).get("__Host-admin"));
    const logout = expectRedirect(
      await adminLogoutAction({ request: post("/admin/logout", sameOrigin), params: {}, context: {} }),
    );
    expectProtected("__Host-admin (cleared)", setCookies(logout.headers).get("__Host-admin"));
  });

  test("the toast cookie, set by a redirect and cleared when shown", async () => {
    const set = await toastHeaders({ type: "success", message: "Saved" });
    expectProtected("__Host-toast", setCookies(set).get("__Host-toast"));
    const cookie = set.getSetCookie()[0].split(";")[0];
    const { headers } = await getToast(new Request(APP, { headers: { Cookie: cookie } }));
    expectProtected("__Host-toast (cleared)", setCookies(headers ?? new Headers()).get("__Host-toast"));
  });

  test("the registration draft cookie, set at Next and dropped when it leads nowhere", async () => {
    const fields = { intent: "next", fName: "Asha", lName: "Rao", email: "asha.draft@example.com" };
    const next = expectRedirect(
      await registerAction({
        request: post("/register", sameOrigin, { ...fields, password: PASSWORD, password_confirmation: PASSWORD }),
        params: {},
        context: {},
      }),
    );
    expectProtected("__Host-registration", setCookies(next.headers).get("__Host-registration"));
    const forged = expectData(
      await registerAction({
        request: post("/register", { ...sameOrigin, Cookie: "__Host-registration=forged" }, { intent: "previous" }),
        params: {},
        context: {},
      }),
    );
    const cleared = setCookies(new Headers(forged.init?.headers)).get("__Host-registration");
    expectProtected("__Host-registration (cleared)", cleared);
  });

  test("the Google OAuth state cookie, limited to /auth/google", async () => {
    const start = await outcome(
      googleStartAction({ request: post("/auth/google", sameOrigin), params: {}, context: {} }),
    );
    expect(start.headers.get("Location")).toMatch(/^https:\/\/accounts\.google\.com\//);
    expectProtected("__Secure-google_oauth", setCookies(start.headers).get("__Secure-google_oauth"), "/auth/google");
  });
});
