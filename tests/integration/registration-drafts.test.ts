import { createCookie } from "@remix-run/node";
import { describe, expect, test } from "vitest";
import { runInactivityPass } from "~/domain/inactivity.server";
import { verifyPassword } from "~/domain/passwords.server";
import { keepRegistrationDraft } from "~/domain/registration-drafts.server";
import { registerMember } from "~/domain/registration.server";
import { getPrisma } from "~/lib/db.server";
import { DRAFT_EXPIRED, DRAFT_INVALID } from "~/routes/_guest.register.server";
import { loader } from "~/routes/_guest.register";
import { createTestMember } from "../support/factories";
import { passStepOne, postRegister, postStepOne, REGISTRATION_PASSWORD, STEP_TWO } from "../support/registration";
import { expectData, expectRedirect } from "../support/remix";
import { cookiePair, getRequest, routeArgs } from "../support/requests";

// Step 1 of Register kept on the server for 24 hours (decision 076): the page shows step 2 again
// for the browser holding the draft's cookie, and only for it; an old, changed or finished draft is
// never used; a refused post writes nothing.

const PASSWORD = REGISTRATION_PASSWORD;
const HOUR = 60 * 60 * 1000;

/** A post of Register from a browser with these cookies. */
function post(cookie: string, fields: Record<string, string>) {
  return postRegister(fields, cookie ? { Cookie: cookie } : {});
}

/** GET /register (a reload, or coming back) in a browser with these cookies. */
async function reload(cookie?: string) {
  const { data, init } = expectData(await loader(routeArgs(getRequest("/register", cookie))));
  return { start: data.start, setCookie: new Headers(init?.headers).get("Set-Cookie"), html: JSON.stringify(data) };
}

function draftCookieAged(hours: number, email = "asha.rao@example.com") {
  const draft = { fName: "Asha", lName: "Rao", email, passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$x$y" };
  return keepRegistrationDraft(draft, { now: new Date(Date.now() - hours * HOUR) }).then(cookiePair);
}

describe("a reload of step 2", () => {
  test("shows step 2 again with step 1 kept, and never the password", async () => {
    const cookie = await passStepOne();
    for (let i = 0; i < 2; i += 1) {
      const { start, html } = await reload(cookie);
      expect(start).toEqual({
        status: "success",
        pageState: { step: 2, who: { name: "Asha Rao", email: "asha.rao@example.com" } },
      });
      expect(html).not.toContain(PASSWORD);
      expect(html).not.toContain("argon2");
    }
    // Previous shows the kept values, never the password; step 2 is still there afterwards.
    const previous = await post(cookie, { intent: "previous" });
    expect(previous.step?.pageState).toEqual({
      step: 1,
      defaultValue: { fName: "Asha", lName: "Rao", email: "asha.rao@example.com" },
    });
    expect(JSON.stringify(previous.step)).not.toContain(PASSWORD);
    expect((await reload(cookie)).start.pageState?.step).toBe(2);
  });

  test("a draft 23 hours old (coming back the next day) still shows step 2 and registers", async () => {
    const cookie = await draftCookieAged(23);
    expect((await reload(cookie)).start.pageState?.step).toBe(2);
    const done = expectRedirect((await post(cookie, { ...STEP_TWO, intent: "register" })).response);
    expect(done.headers.get("Location")).toBe("/email/verify");
    expect(await getPrisma().member.count({ where: { email: "asha.rao@example.com" } })).toBe(1);
  });

  test("finishing signs up with the password of step 1, uses the draft up and drops its cookie", async () => {
    const cookie = await passStepOne({ email: "ravi@example.com", fName: "Ravi" });
    await reload(cookie);
    const done = expectRedirect((await post(cookie, { ...STEP_TWO, intent: "register" })).response);
    expect(done.headers.get("Location")).toBe("/email/verify");
    expect(done.headers.getSetCookie().find((set) => set.startsWith("__registration="))).toMatch(
      /^__registration=;.*Expires=Thu, 01 Jan 1970/,
    );
    expect(await getPrisma().registrationDraft.count()).toBe(0);
    const member = await getPrisma().member.findUniqueOrThrow({ where: { email: "ravi@example.com" } });
    expect(member.firstName).toBe("Ravi");
    expect(await verifyPassword(PASSWORD, member.passwordHash ?? "")).toBe(true);

    // The same draft cannot make a second account, not even from a second tab that still shows step 2.
    const again = await post(cookie, { ...STEP_TWO, intent: "register" });
    expect(again.status).toBe(400);
    expect(again.step?.error).toEqual({ "": [DRAFT_INVALID] });
    expect(await getPrisma().member.count()).toBe(1);
  });
});

describe("expiry", () => {
  test("a 25-hour-old draft is not used: step 1, empty, says so; its cookie is dropped and the row deleted", async () => {
    const cookie = await draftCookieAged(25);
    const { start, setCookie, html } = await reload(cookie);
    expect(start).toMatchObject({ pageState: { step: 1, defaultValue: null }, error: { "": [DRAFT_EXPIRED] } });
    expect(html).not.toContain("Asha");
    expect(setCookie).toMatch(/^__registration=;.*Expires=Thu, 01 Jan 1970/);
    expect(await getPrisma().registrationDraft.count()).toBe(0);
  });

  test("a 25-hour-old draft cannot register, nor show its values with Previous", async () => {
    for (const intent of ["register", "previous"]) {
      const cookie = await draftCookieAged(25);
      const { step, status } = await post(cookie, { ...STEP_TWO, intent });
      expect(status, intent).toBe(400);
      expect(step, intent).toMatchObject({
        error: { "": [DRAFT_EXPIRED] },
        pageState: { step: 1, defaultValue: null },
      });
      expect(JSON.stringify(step), intent).not.toContain("Asha");
    }
    expect(await getPrisma().member.count()).toBe(0);
  });

  test("a draft that expires between reading it and creating the member makes no account", async () => {
    await draftCookieAged(25);
    const row = await getPrisma().registrationDraft.findFirstOrThrow();
    const draft = { fName: row.firstName, lName: row.lastName, email: row.email, passwordHash: row.passwordHash };
    const details = {
      ...{ country: "IN", state: "Karnataka", city: "Bengaluru", pin: "560001" },
      ...{ dob: new Date("1990-04-15"), gender: "female" as const, mobile: null },
    };
    expect(await registerMember(draft, details, { draftId: row.id })).toEqual({ status: "draft-gone" });
    // The draft is checked inside the transaction that creates the member: no member is made.
    expect(await getPrisma().member.count()).toBe(0);
    expect(await getPrisma().registrationDraft.count()).toBe(1);
  });

  test("the inactivity job deletes drafts past 24 hours and keeps younger ones", async () => {
    await draftCookieAged(25, "old@example.com");
    await draftCookieAged(1, "young@example.com");
    await runInactivityPass();
    const left = await getPrisma().registrationDraft.findMany({ select: { email: true } });
    expect(left).toEqual([{ email: "young@example.com" }]);
  });
});

describe("another browser", () => {
  test("sees its own draft or none, never another browser's", async () => {
    const asha = await passStepOne();
    const ravi = await passStepOne({ fName: "Ravi", lName: "Kumar", email: "ravi@example.com" });
    expect((await reload(asha)).start.pageState).toMatchObject({ who: { email: "asha.rao@example.com" } });
    expect((await reload(ravi)).start.pageState).toMatchObject({ who: { email: "ravi@example.com" } });
    // A browser without the cookie: step 1, empty, and nothing said.
    const stranger = await reload();
    expect(stranger.start).toEqual({ status: "success", pageState: { step: 1, defaultValue: null } });
    expect(stranger.html).not.toContain("asha.rao");
    expect((await post("", { intent: "previous" })).step?.pageState).toEqual({ step: 1, defaultValue: null });
  });

  test("cannot make a cookie from a draft's id: unsigned or signed with another secret, it is refused", async () => {
    await passStepOne();
    const { id } = await getPrisma().registrationDraft.findFirstOrThrow();
    const otherSecret = createCookie("__registration", { secrets: ["another-secret-that-is-at-least-32-characters"] });
    const forged = [
      `__registration=${encodeURIComponent(btoa(JSON.stringify(id)))}`,
      cookiePair(await otherSecret.serialize(id)),
    ];
    for (const cookie of forged) {
      const { start, html } = await reload(cookie);
      expect(start).toMatchObject({ pageState: { step: 1, defaultValue: null }, error: { "": [DRAFT_INVALID] } });
      expect(html).not.toContain("asha.rao");
      const registered = await post(cookie, { ...STEP_TWO, intent: "register" });
      expect(registered.status).toBe(400);
    }
    expect(await getPrisma().member.count()).toBe(0);
  });
});

describe("a tampered cookie", () => {
  test("is refused cleanly: step 1 with a message, the cookie dropped, nothing created", async () => {
    const cookie = await passStepOne();
    const [name, value] = cookie.split("=");
    const tampered = [
      `${name}=${value.slice(0, -3)}${value.at(-3) === "A" ? "B" : "A"}${value.slice(-2)}`,
      `${name}=x${value}`,
      `${name}=%FF%FE`,
      `${name}=${"A".repeat(5000)}`,
    ];
    for (const bad of tampered) {
      const page = await reload(bad);
      expect(page.start, bad).toMatchObject({ pageState: { step: 1 }, error: { "": [DRAFT_INVALID] } });
      expect(page.setCookie, bad).toMatch(/^__registration=;/);
      for (const intent of ["register", "previous"]) {
        const { status, step, headers } = await post(bad, { ...STEP_TWO, intent });
        expect(status, `${intent} ${bad}`).toBe(400);
        expect(step?.error).toEqual({ "": [DRAFT_INVALID] });
        expect(headers.get("Set-Cookie")).toMatch(/^__registration=;/);
      }
    }
    expect(await getPrisma().member.count()).toBe(0);
    // The genuine draft is untouched: the browser that made it still reaches step 2.
    expect((await reload(cookie)).start.pageState?.step).toBe(2);
  });
});

describe("nothing half-written", () => {
  test("a refused step 1 keeps no draft and sets no cookie", async () => {
    const refused: Record<string, string>[] = [
      { password_confirmation: "Different-42-Monsoon" },
      { email: "asha@" },
      { fName: "" },
    ];
    for (const values of refused) {
      const { response, status, headers } = await postStepOne(values);
      expect(response).toBeNull();
      expect(status).toBe(422);
      expect(headers.get("Set-Cookie")).toBeNull();
    }
    await createTestMember({ email: "taken@example.com" });
    expect((await postStepOne({ email: "taken@example.com" })).status).toBe(422);
    expect(await getPrisma().registrationDraft.count()).toBe(0);
  });

  test("Next again replaces the browser's draft instead of adding one", async () => {
    const first = await passStepOne();
    const second = await passStepOne({ email: "asha.new@example.com" }, { Cookie: first });
    const drafts = await getPrisma().registrationDraft.findMany({ select: { email: true } });
    expect(drafts).toEqual([{ email: "asha.new@example.com" }]);
    expect((await reload(second)).start.pageState).toMatchObject({ who: { email: "asha.new@example.com" } });
    expect((await reload(first)).start.error).toEqual({ "": [DRAFT_INVALID] });
  });

  test("a refused step 2 leaves the draft as it was and creates no member", async () => {
    const cookie = await passStepOne();
    const before = await getPrisma().registrationDraft.findFirstOrThrow();
    for (const values of [{ country: "" }, { year: "2999" }, { terms: "" }, { pin: "1" }]) {
      const { status, step } = await post(cookie, { ...STEP_TWO, ...values, intent: "register" });
      expect(status).toBe(422);
      expect(step?.pageState?.step).toBe(2);
    }
    expect(await getPrisma().registrationDraft.findFirstOrThrow()).toEqual(before);
    expect(await getPrisma().member.count()).toBe(0);
  });

  test("an e-mail taken between the steps gets the clear message and keeps the draft for a corrected Next", async () => {
    const cookie = await passStepOne();
    await createTestMember({ email: "asha.rao@example.com" });
    const { status, step } = await post(cookie, { ...STEP_TWO, intent: "register" });
    expect(status).toBe(409);
    expect(step?.error?.email).toEqual(["An account with this email already exists. Log in instead."]);
    expect(await getPrisma().member.count()).toBe(1);
    expect(await getPrisma().registrationDraft.count()).toBe(1);
  });
});
