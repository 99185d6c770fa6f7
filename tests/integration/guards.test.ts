import { describe, expect, test } from "vitest";
import {
  missingDetails,
  REQUIRED_DETAILS,
  requireGuest,
  requireMember,
  requireMemberWithDetails,
  requireVerifiedMember,
} from "~/domain/auth.server";
import { startMemberSession } from "~/domain/sessions.server";
import { getPrisma } from "~/lib/db.server";
import { loader as dashboardLoader } from "~/routes/_member.dashboard";
import { loader as myDetailLoader } from "~/routes/_member.details.user";
import { loader as memberLayoutLoader } from "~/routes/_member";
import { createTestMember } from "../support/factories";
import { ORIGIN, toastOf } from "../support/requests";

// The member guards: each redirect the spec's route table and error catalogue ask for, called
// directly and through the loaders that use them.

async function signIn(memberId: number): Promise<string> {
  const setCookie = await startMemberSession(memberId, { persistent: false, request: new Request(ORIGIN) });
  return setCookie.split(";")[0];
}

function get(path: string, cookie?: string) {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** Runs a guard or loader that must throw a redirect, and returns that redirect. */
async function thrownRedirect(work: () => Promise<unknown>): Promise<Response> {
  try {
    await work();
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return thrown;
    throw thrown;
  }
  throw new Error("Expected a redirect to be thrown");
}

const args = (request: Request) => ({ request, params: {}, context: {} });

describe("requireMember", () => {
  test("sends a visitor without a session to /login, remembering where they were going", async () => {
    const response = await thrownRedirect(() => requireMember(get("/details/user?edit")));
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/details/user?edit")}`);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test("returns the member and the session id of a signed-in member", async () => {
    const member = await createTestMember();
    const cookie = await signIn(member.id);
    const session = await requireMember(get("/dashboard", cookie));
    expect(session.member.id).toBe(member.id);
    expect(await getPrisma().memberSession.findUnique({ where: { id: session.sessionId } })).not.toBeNull();
  });

  test("clears the cookie of a session that has ended", async () => {
    const member = await createTestMember();
    const cookie = await signIn(member.id);
    await getPrisma().memberSession.deleteMany({ where: { memberId: member.id } });
    const response = await thrownRedirect(() => requireMember(get("/dashboard", cookie)));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
    const [cleared] = response.headers.getSetCookie();
    expect(cleared).toMatch(/^__member=/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    // Login says why (decision 077).
    expect(await toastOf(response)).toEqual({ type: "error", message: "Unauthenticated" });
  });

  test("a visitor who never signed in meets Login without the 'Unauthenticated' toast", async () => {
    const response = await thrownRedirect(() => requireMember(get("/dashboard")));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
    expect(await toastOf(response)).toBeNull();
  });

  test("clears a cookie whose signature no longer checks out (a rotated secret, a forged value)", async () => {
    const response = await thrownRedirect(() => requireMember(get("/dashboard", "__member=forged.value; other=1")));
    expect(response.headers.getSetCookie()[0]).toMatch(/^__member=;/);
    const unrelated = await thrownRedirect(() => requireMember(get("/dashboard", "not__member=1")));
    expect(unrelated.headers.getSetCookie()).toEqual([]);
  });

  test("signs out an expired session", async () => {
    const member = await createTestMember();
    const cookie = await signIn(member.id);
    await getPrisma().memberSession.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await thrownRedirect(() => requireMember(get("/dashboard", cookie)));
    expect(response.headers.get("Location")).toMatch(/^\/login\?/);
    expect(await toastOf(response)).toEqual({ type: "error", message: "Unauthenticated" });
  });

  test.each(["inactive", "closed"] as const)("signs out a member whose account is %s", async (status) => {
    const member = await createTestMember();
    const cookie = await signIn(member.id);
    await getPrisma().member.update({ where: { id: member.id }, data: { status } });
    const response = await thrownRedirect(() => requireMember(get("/dashboard", cookie)));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
  });

  test("refuses a form post from another site", async () => {
    const member = await createTestMember();
    const cookie = await signIn(member.id);
    const request = new Request(`${ORIGIN}/details/user`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: "https://evil.example" },
      body: new URLSearchParams({ firstName: "Mallory" }),
    });
    await expect(requireMember(request)).rejects.toSatisfy(
      (thrown) => thrown instanceof Response && thrown.status === 403,
    );
  });
});

describe("requireVerifiedMember", () => {
  test("sends a member with an unverified email to /email/verify with 'Email Not Verified'", async () => {
    const member = await createTestMember({ emailVerifiedAt: null });
    const cookie = await signIn(member.id);
    const response = await thrownRedirect(() => requireVerifiedMember(get("/details/password", cookie)));
    expect(response.headers.get("Location")).toBe("/email/verify");
    expect(await toastOf(response)).toEqual({ type: "error", message: "Email Not Verified" });
  });

  test("lets a verified member through", async () => {
    const member = await createTestMember();
    const { member: signedIn } = await requireVerifiedMember(get("/details/user", await signIn(member.id)));
    expect(signedIn.id).toBe(member.id);
  });
});

describe("requireMemberWithDetails", () => {
  test.each(REQUIRED_DETAILS)("sends a member without %s to My Detail to fill it in", async (field) => {
    const member = await createTestMember(field === "firstName" ? { firstName: "  " } : { [field]: null });
    const cookie = await signIn(member.id);
    const response = await thrownRedirect(() => requireMemberWithDetails(get("/dashboard", cookie)));
    expect(response.headers.get("Location")).toBe("/details/user");
    expect(await toastOf(response)).toEqual({ type: "error", message: "Please fill all empty fields to continue" });
  });

  test("checks the email before the details", async () => {
    const member = await createTestMember({ emailVerifiedAt: null, country: null });
    const cookie = await signIn(member.id);
    const response = await thrownRedirect(() => requireMemberWithDetails(get("/dashboard", cookie)));
    expect(response.headers.get("Location")).toBe("/email/verify");
  });

  test("lets a member with complete details through; the optional phone and last name are not required", async () => {
    const member = await createTestMember({ mobile: null, lastName: "" });
    expect(missingDetails(member)).toEqual([]);
    const session = await requireMemberWithDetails(get("/dashboard", await signIn(member.id)));
    expect(session.member.id).toBe(member.id);
  });
});

describe("requireGuest", () => {
  test("lets a visitor through and sends a signed-in member to Landing", async () => {
    await expect(requireGuest(get("/register"))).resolves.toBeUndefined();
    const member = await createTestMember();
    const response = await thrownRedirect(async () => requireGuest(get("/register", await signIn(member.id))));
    expect(response.headers.get("Location")).toBe("/");
  });

  test("treats a member whose session has ended as a visitor", async () => {
    const member = await createTestMember();
    const cookie = await signIn(member.id);
    await getPrisma().member.update({ where: { id: member.id }, data: { status: "closed" } });
    await expect(requireGuest(get("/login", cookie))).resolves.toBeUndefined();
  });
});

describe("member routes use the guards", () => {
  test("the member layout and the dashboard send visitors to /login", async () => {
    for (const load of [memberLayoutLoader, dashboardLoader]) {
      const response = await thrownRedirect(async () => load(args(get("/dashboard"))));
      expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
    }
  });

  test("the dashboard sends a member with missing details to My Detail, which opens for editing", async () => {
    const member = await createTestMember({ pin: null, city: null });
    const cookie = await signIn(member.id);
    const response = await thrownRedirect(async () => dashboardLoader(args(get("/dashboard", cookie))));
    expect(response.headers.get("Location")).toBe("/details/user");
    // My Detail itself must not require the details, or the member would loop.
    const page = await myDetailLoader(args(get("/details/user", cookie)));
    expect(page).toMatchObject({ editing: true, incomplete: true });
    expect(await memberLayoutLoader(args(get("/details/user", cookie)))).toEqual({ name: member.firstName });
  });

  test("the member layout sends an unverified member to /email/verify", async () => {
    const member = await createTestMember({ emailVerifiedAt: null });
    const response = await thrownRedirect(async () =>
      memberLayoutLoader(args(get("/details/user", await signIn(member.id)))),
    );
    expect(response.headers.get("Location")).toBe("/email/verify");
    expect(await toastOf(response)).toEqual({ type: "error", message: "Email Not Verified" });
  });
});
