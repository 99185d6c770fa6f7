import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { parseMemberDetails } from "~/domain/member-details.server";
import { hashPassword } from "~/domain/passwords.server";
import { startMemberSession } from "~/domain/sessions.server";
import { recordTermsAgreement } from "~/domain/terms-agreement.server";
import { getPrisma } from "~/lib/db.server";
import { googleMockHandlers, saveMockGoogleAccount, type MockGoogleAccount } from "~/mocks/google.server";
import { loader as dashboardLoader } from "~/routes/_member.dashboard";
import { action as startAction, loader as startLoader } from "~/routes/auth.google";
import { loader as callbackLoader } from "~/routes/auth.google.respond";
import { createTestMember } from "../support/factories";
import { serveExtras } from "../support/extras-server";
import { googleConsentRouter } from "../support/harness/google-consent";
import { expectRedirect } from "../support/remix";
import { mockServer } from "../support/setup-network";
import { cookiesOf, toastOf } from "../support/requests";

// Google sign-in end to end through the real remix-auth-google code: /auth/google, the mock consent
// screen, and the callback, with Google's token and profile endpoints answered by the mock's msw
// handlers on the tests' own msw server.
vi.hoisted(() => {
  process.env.GOOGLE_MOCK = "1";
  process.env.APP_URL = "http://localhost:3000";
});

const ORIGIN = "http://localhost:3000";
const FAILED = "Something went wrong! Try Again.";
const args = (request: Request) => ({ request, params: {}, context: {} });

beforeEach(() => {
  mockServer.use(...googleMockHandlers);
});

// The consent screen is the end-to-end harness's page, served here as the harness serves it.
let harness: Awaited<ReturnType<typeof serveExtras>>;
beforeAll(async () => {
  harness = await serveExtras((app) => app.use("/dev/google/authorize", googleConsentRouter()));
});
afterAll(() => harness.close());

/** Starts sign-in like the button on /login does; returns the consent screen's query and the state cookie. */
async function start() {
  const response = expectRedirect(await startAction(args(new Request(`${ORIGIN}/auth/google`, { method: "POST" }))));
  const location = new URL(response.headers.get("Location") ?? "", ORIGIN);
  return { response, location, stateCookie: cookiesOf(response) };
}

/** The person picks an account on the consent screen; returns where the browser is sent back to. */
async function consent(location: URL, choice: Record<string, string>) {
  const body = new URLSearchParams(choice);
  for (const name of ["client_id", "redirect_uri", "state", "scope"])
    body.set(name, location.searchParams.get(name) ?? "");
  const response = await fetch(`${harness.url}/dev/google/authorize`, { method: "POST", body, redirect: "manual" });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("Location") ?? "");
}

async function signInWith(account: MockGoogleAccount) {
  const { location, stateCookie } = await start();
  const callback = await consent(location, { sub: account.sub });
  return expectRedirect(await callbackLoader(args(new Request(callback, { headers: { Cookie: stateCookie } }))));
}

function account(overrides: Partial<Omit<MockGoogleAccount, "sub">> = {}) {
  return saveMockGoogleAccount({
    email: `google-${Math.random().toString(36).slice(2)}@example.com`,
    givenName: "Priya",
    familyName: "Nair",
    emailVerified: true,
    ...overrides,
  });
}

describe("starting Google sign-in", () => {
  test("redirects to the mock consent screen with Google's query and sets the state cookie", async () => {
    const { response, location } = await start();
    expect(location.pathname).toBe("/dev/google/authorize");
    expect(location.searchParams.get("client_id")).toMatch(/^mock-google-client-id/);
    expect(location.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/auth/google/respond`);
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("scope")).toContain("userinfo.email");
    expect(location.searchParams.get("state")).toBeTruthy();
    const stateCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__google_oauth="));
    expect(stateCookie).toMatch(/HttpOnly/i);
    expect(stateCookie).toMatch(/SameSite=Lax/i);
  });

  test("GET starts it too", async () => {
    const response = expectRedirect(await startLoader(args(new Request(`${ORIGIN}/auth/google`))));
    expect(response.headers.get("Location")).toMatch(/^\/dev\/google\/authorize\?/);
  });

  test("the consent screen lists the mock accounts and refuses a request from another client", async () => {
    const { location } = await start();
    const page = await fetch(`${harness.url}/dev/google/authorize${location.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("member@panel.test");

    const forged = new URL(location);
    forged.searchParams.set("redirect_uri", "https://evil.example/steal");
    const refused = await fetch(`${harness.url}/dev/google/authorize${forged.search}`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).not.toContain("member@panel.test");
  });
});

describe("the callback", () => {
  test("a new Google account becomes a new verified member without a password, sent on to My Detail", async () => {
    const { location, stateCookie } = await start();
    const callback = await consent(location, {
      intent: "add",
      givenName: "Meera",
      familyName: "Iyer",
      email: "Meera.Iyer@example.com",
      emailVerified: "on",
    });
    const response = expectRedirect(
      await callbackLoader(args(new Request(callback, { headers: { Cookie: stateCookie } }))),
    );
    expect(response.headers.get("Location")).toBe("/dashboard");

    const member = await getPrisma().member.findUniqueOrThrow({
      where: { email: "meera.iyer@example.com" },
      include: { oauthConnections: true },
    });
    expect(member).toMatchObject({ firstName: "Meera", lastName: "Iyer", passwordHash: null, country: null });
    expect(member.emailVerifiedAt).not.toBeNull();
    expect(member.oauthConnections).toHaveLength(1);
    expect(member.oauthConnections[0].provider).toBe("google");

    // Google shows no terms: no agreement is recorded, so the member area asks first (decision 067).
    expect(member.termsAgreedVersion).toBeNull();

    // Signed in, and the guards send a member to agree to the terms, then without details to My Detail.
    const cookies = cookiesOf(response);
    expect(cookies).toContain("__member=");
    expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith("__google_oauth="))).toMatch(
      /Expires=Thu, 01 Jan 1970/,
    );
    const openDashboard = () =>
      dashboardLoader(args(new Request(`${ORIGIN}/dashboard`, { headers: { Cookie: cookies } }))).catch(
        (thrown: unknown) => thrown,
      );
    const asked = await openDashboard();
    expect(asked).toBeInstanceOf(Response);
    expect((asked as Response).headers.get("Location")).toBe("/terms/agree?redirectTo=%2Fdashboard");
    await recordTermsAgreement(member.id);
    const next = await openDashboard();
    expect(next).toBeInstanceOf(Response);
    expect((next as Response).headers.get("Location")).toBe("/details/user");
  });

  test("an existing verified member with that email is connected and signed in, password kept", async () => {
    const passwordHash = await hashPassword("Quartz-Lantern-42");
    const existing = await createTestMember({ email: "ravi@example.com", passwordHash });
    const response = await signInWith(account({ email: "ravi@example.com" }));
    expect(response.headers.get("Location")).toBe("/dashboard");

    const connections = await getPrisma().oAuthConnection.findMany();
    expect(connections).toEqual([expect.objectContaining({ memberId: existing.id, provider: "google" })]);
    expect(await getPrisma().member.count()).toBe(1);
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: existing.id } })).passwordHash).toBe(
      passwordHash,
    );

    const dashboard = await dashboardLoader(
      args(new Request(`${ORIGIN}/dashboard`, { headers: { Cookie: cookiesOf(response) } })),
    );
    expect(dashboard).toMatchObject({ name: `${existing.firstName} ${existing.lastName}` });
  });

  test("a connected member is found by Google's id, not by email, on later sign-ins", async () => {
    const google = account();
    await signInWith(google);
    const member = await getPrisma().member.update({
      where: { email: google.email },
      data: { email: "changed-here@example.com" },
    });
    const response = await signInWith(google);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(await getPrisma().member.count()).toBe(1);
    const sessions = await getPrisma().memberSession.findMany();
    expect(sessions).toHaveLength(2);
    expect(sessions.every((session) => session.memberId === member.id)).toBe(true);
  });

  test("names longer than My Detail allows are cut to 50 characters, never inside a character", async () => {
    const { location, stateCookie } = await start();
    const callback = await consent(location, {
      intent: "add",
      givenName: `${"a".repeat(49)}🙂 and more`,
      familyName: "Venkatanarasimharajuvaripeta-Subrahmanyeswara-Iyer-Ramanathan",
      email: "long.names@example.com",
      emailVerified: "on",
    });
    expectRedirect(await callbackLoader(args(new Request(callback, { headers: { Cookie: stateCookie } }))));
    const member = await getPrisma().member.findUniqueOrThrow({ where: { email: "long.names@example.com" } });
    expect(member.firstName).toBe("a".repeat(49));
    expect(member.lastName).toBe("Venkatanarasimharajuvaripeta-Subrahmanyeswara-Iyer");
    // My Detail accepts the names as stored, so the member can save them unchanged.
    const details = {
      gender: "female",
      dobDay: "1",
      dobMonth: "1",
      dobYear: "1990",
      country: "IN",
      state: "Goa",
      city: "Panaji",
      pin: "403001",
    };
    const form = new FormData();
    for (const [name, value] of Object.entries({
      ...details,
      firstName: member.firstName,
      lastName: member.lastName,
    })) {
      form.set(name, value);
    }
    expect(parseMemberDetails(form, member).status).toBe("success");
  });

  test("refused when Google says the email is not verified: nothing is created or linked", async () => {
    const unverifiedMember = await createTestMember({ email: "kiran@example.com", emailVerifiedAt: null });
    const before = await getPrisma().member.findUniqueOrThrow({ where: { id: unverifiedMember.id } });

    const linking = await signInWith(account({ email: "kiran@example.com", emailVerified: false }));
    expect(linking.headers.get("Location")).toBe("/login");
    expect(await toastOf(linking)).toEqual({ type: "error", message: FAILED });
    expect(cookiesOf(linking)).not.toContain("__member=");

    const creating = await signInWith(account({ emailVerified: false }));
    expect(creating.headers.get("Location")).toBe("/login");
    expect(await toastOf(creating)).toEqual({ type: "error", message: FAILED });

    expect(await getPrisma().member.findMany()).toEqual([before]);
    expect(await getPrisma().oAuthConnection.count()).toBe(0);
    expect(await getPrisma().memberSession.count()).toBe(0);
  });

  test("an unverified member is linked only on Google's proof, which drops the unproven password and sessions", async () => {
    const squatter = await createTestMember({
      email: "owner@example.com",
      emailVerifiedAt: null,
      passwordHash: await hashPassword("Squatter-Pass-11"),
    });
    await startMemberSession(squatter.id, { persistent: true, request: new Request(ORIGIN) });

    const response = await signInWith(account({ email: "owner@example.com" }));
    expect(response.headers.get("Location")).toBe("/dashboard");
    const member = await getPrisma().member.findUniqueOrThrow({ where: { id: squatter.id } });
    expect(member.emailVerifiedAt).not.toBeNull();
    expect(member.passwordHash).toBeNull();
    // Only the session just started by Google sign-in remains.
    expect(await getPrisma().memberSession.count({ where: { memberId: squatter.id } })).toBe(1);
  });

  test("inactive and closed members are refused with a clear message", async () => {
    await createTestMember({ email: "gone@example.com", status: "closed" });
    const response = await signInWith(account({ email: "gone@example.com" }));
    expect(response.headers.get("Location")).toBe("/login");
    expect(await toastOf(response)).toEqual({ type: "error", message: "This account has been closed." });
    expect(await getPrisma().memberSession.count()).toBe(0);
  });

  test("a forged state, a missing state cookie, a reused code and a cancelled consent all fail safely", async () => {
    const google = account();
    const { location, stateCookie } = await start();
    const callback = await consent(location, { sub: google.sub });

    const forged = new URL(callback);
    forged.searchParams.set("state", "not-the-state");
    const wrongState = expectRedirect(
      await callbackLoader(args(new Request(forged, { headers: { Cookie: stateCookie } }))),
    );
    expect(wrongState.headers.get("Location")).toBe("/login");
    expect(await toastOf(wrongState)).toEqual({ type: "error", message: FAILED });

    const noCookie = expectRedirect(await callbackLoader(args(new Request(callback))));
    expect(noCookie.headers.get("Location")).toBe("/login");

    expectRedirect(await callbackLoader(args(new Request(callback, { headers: { Cookie: stateCookie } }))));
    const reused = expectRedirect(
      await callbackLoader(args(new Request(callback, { headers: { Cookie: stateCookie } }))),
    );
    expect(reused.headers.get("Location")).toBe("/login");
    expect(await toastOf(reused)).toEqual({ type: "error", message: FAILED });

    const second = await start();
    const cancelled = await consent(second.location, { intent: "cancel" });
    expect(cancelled.searchParams.get("error")).toBe("access_denied");
    const afterCancel = expectRedirect(
      await callbackLoader(args(new Request(cancelled, { headers: { Cookie: second.stateCookie } }))),
    );
    expect(afterCancel.headers.get("Location")).toBe("/login");
    expect(await getPrisma().member.count()).toBe(1);
  });

  test("Google's own errors (a refused token exchange) end on /login with the toast", async () => {
    const { location, stateCookie } = await start();
    const callback = new URL(`${ORIGIN}/auth/google/respond`);
    callback.searchParams.set("state", location.searchParams.get("state") ?? "");
    callback.searchParams.set("code", "a-code-the-mock-never-issued");
    const response = expectRedirect(
      await callbackLoader(args(new Request(callback, { headers: { Cookie: stateCookie } }))),
    );
    expect(response.headers.get("Location")).toBe("/login");
    expect(await toastOf(response)).toEqual({ type: "error", message: FAILED });
  });

  test("a Google sign-in gives the browser a device cookie; a second account on it raises shared_device", async () => {
    const first = account();
    const second = account();
    const signedIn = await signInWith(first);
    const device = signedIn.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("__device="))
      ?.split(";")[0];
    expect(device).toBeDefined();

    const { location, stateCookie } = await start();
    const callback = await consent(location, { sub: second.sub });
    expectRedirect(
      await callbackLoader(args(new Request(callback, { headers: { Cookie: `${stateCookie}; ${device}` } }))),
    );
    const [a, b] = await Promise.all(
      [first, second].map((google) => getPrisma().member.findUniqueOrThrow({ where: { email: google.email } })),
    );
    const signals = await getPrisma().qualitySignal.findMany({ orderBy: { memberId: "asc" } });
    expect(signals.map(({ memberId, kind, evidence }) => ({ memberId, kind, evidence }))).toEqual([
      { memberId: a.id, kind: "shared_device", evidence: { otherMemberIds: [b.id] } },
      { memberId: b.id, kind: "shared_device", evidence: { otherMemberIds: [a.id] } },
    ]);
  });
});

describe("without Google configured or mocked", () => {
  test("there is no Google sign-in: no button, and /auth/google and the mock page are 404s", async () => {
    vi.stubEnv("GOOGLE_MOCK", "0");
    vi.resetModules();
    try {
      const start = await import("~/routes/auth.google");
      const login = await import("~/routes/_guest.login");
      const thrown = await start
        .action(args(new Request(`${ORIGIN}/auth/google`, { method: "POST" })))
        .catch((error: unknown) => error);
      expect((thrown as Response).status).toBe(404);
      expect(await login.loader(args(new Request(`${ORIGIN}/login`)))).toMatchObject({
        googleEnabled: false,
      });
      // The consent page itself exists only in the end-to-end harness (tests/integration/production-start.test.ts).
    } finally {
      vi.unstubAllEnvs();
    }
  });

  test("with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, sign-in goes to the real Google", async () => {
    vi.stubEnv("GOOGLE_MOCK", "0");
    vi.stubEnv("GOOGLE_CLIENT_ID", "real-client.apps.googleusercontent.com");
    vi.stubEnv("GOOGLE_CLIENT_SECRET", "real-secret");
    vi.resetModules();
    try {
      const start = await import("~/routes/auth.google");
      const response = expectRedirect(
        await start.action(args(new Request(`${ORIGIN}/auth/google`, { method: "POST" }))),
      );
      const google = new URL(response.headers.get("Location") ?? "");
      expect(`${google.origin}${google.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
      expect(google.searchParams.get("client_id")).toBe("real-client.apps.googleusercontent.com");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
