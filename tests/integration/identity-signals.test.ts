import { describe, expect, test } from "vitest";
import { DISPOSABLE_EMAIL, isDisposableEmail, keyedHash, purgeIdentityTraces } from "~/domain/identity-signals.server";
import { creditPoints } from "~/domain/ledger.server";
import { hashPassword } from "~/domain/passwords.server";
import { listSignals } from "~/domain/quality-signals.server";
import { keepRegistrationDraft } from "~/domain/registration-drafts.server";
import { registerMember, type RegistrationDetails } from "~/domain/registration.server";
import { getPrisma } from "~/lib/db.server";
import { action as loginAction } from "~/routes/_guest.login";
import { action as accountAction } from "~/routes/_member.account._index";
import { action as detailsAction } from "~/routes/_member.details.user";
import { createTestMember } from "../support/factories";
import { postRegister, postStepOne, STEP_TWO } from "../support/registration";
import { expectRedirect } from "../support/remix";
import { cookiePair, memberCookie, ORIGIN } from "../support/requests";
import { MY_DETAIL_FIELDS } from "../support/my-detail";

// Signals about identity (issue 20 point 1, decision 070), each raised by the flow that sees it and
// not by its near miss: one browser on two accounts, one payout destination or phone on two
// accounts, bursts of registrations from one address; disposable e-mail domains are refused.

const PASSWORD = "Tamarind-Monsoon-42";
let passwordHash: string | undefined;

async function memberWithPassword(overrides: Parameters<typeof createTestMember>[0] = {}) {
  passwordHash ??= await hashPassword(PASSWORD);
  return createTestMember({ passwordHash, ...overrides });
}

let addressCounter = 0;
/** Each sign-in from its own address unless given one, so the per-address limits never meet. */
function nextAddress() {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
}

/** Signs in by password; `cookies` is what the browser sends (its device cookie, if any). */
async function signIn(email: string, cookies = "") {
  const result = await loginAction({
    request: new Request(`${ORIGIN}/login`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Panel-Client-Address": nextAddress(),
        ...(cookies ? { Cookie: cookies } : {}),
      },
      body: new URLSearchParams({ email, password: PASSWORD }).toString(),
    }),
    params: {},
    context: {},
  });
  return expectRedirect(result);
}

function deviceCookieOf(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("__device="))
    ?.split(";")[0];
}

async function signalsOf(memberId: number) {
  return getPrisma().qualitySignal.findMany({ where: { memberId }, orderBy: { id: "asc" } });
}

async function scoreOf(memberId: number) {
  return (await getPrisma().member.findUniqueOrThrow({ where: { id: memberId } })).qualityScore;
}

/** The member saves My Detail (/details/user) with these fields changed. */
async function saveMyDetail(memberId: number, fields: Record<string, string>) {
  return detailsAction({
    request: new Request(`${ORIGIN}/details/user`, {
      method: "POST",
      headers: { Cookie: await memberCookie(memberId) },
      body: new URLSearchParams({ ...MY_DETAIL_FIELDS, ...fields }),
    }),
    params: {},
    context: {},
  });
}

const DETAILS: RegistrationDetails = {
  country: "IN",
  state: "Karnataka",
  city: "Bengaluru",
  pin: "560001",
  dob: new Date("1990-04-15"),
  gender: "female",
  mobile: null,
};

let registered = 0;
function register(address: string | null, details: Partial<RegistrationDetails> = {}) {
  registered += 1;
  const draft = { fName: "Asha", lName: "Rao", email: `new${registered}@example.com`, passwordHash: "x" };
  return registerMember(draft, { ...DETAILS, ...details }, { address });
}

describe("the same device", () => {
  test("a first sign-in gives the browser a long-lived, HttpOnly device cookie and stores only its hash", async () => {
    const member = await memberWithPassword();
    const response = await signIn(member.email);
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__device="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // About two years.
    expect(setCookie).toMatch(/Max-Age=63072000/);
    const devices = await getPrisma().memberDevice.findMany({ where: { memberId: member.id } });
    expect(devices).toHaveLength(1);
    const raw = decodeURIComponent(deviceCookieOf(response)!.split("=")[1]);
    expect(devices[0].deviceHash).not.toContain(JSON.parse(Buffer.from(raw, "base64").toString()));
  });

  test("a member signing in again and again on their own browser raises nothing", async () => {
    const member = await memberWithPassword();
    const device = deviceCookieOf(await signIn(member.email))!;
    const again = await signIn(member.email, device);
    // The browser keeps the cookie it has.
    expect(deviceCookieOf(again)).toBeUndefined();
    await signIn(member.email, device);
    expect(await signalsOf(member.id)).toEqual([]);
    expect(await scoreOf(member.id)).toBe(100);
  });

  test("a second account signing in on the browser raises shared_device on both, naming the other", async () => {
    const first = await memberWithPassword();
    const second = await memberWithPassword();
    const device = deviceCookieOf(await signIn(first.email))!;
    await signIn(second.email, device);

    const [ofFirst] = await signalsOf(first.id);
    const [ofSecond] = await signalsOf(second.id);
    expect(ofFirst).toMatchObject({ kind: "shared_device", evidence: { otherMemberIds: [second.id] } });
    expect(ofSecond).toMatchObject({ kind: "shared_device", evidence: { otherMemberIds: [first.id] } });
    // The subject is the device's keyed hash, the same for both, never the cookie's value.
    expect(ofFirst.subject).toBe(ofSecond.subject);
    expect(ofFirst.subject).not.toContain(device.split("=")[1]);
    expect(await scoreOf(first.id)).toBe(75);

    const [row] = await listSignals(getPrisma(), second.id);
    expect(row.sentence).toBe(`Signed in on a browser that member #${first.id} also signed in on.`);
  });

  test("a third account brings the evidence up to date and is one signal per account", async () => {
    const members = [await memberWithPassword(), await memberWithPassword(), await memberWithPassword()];
    const device = deviceCookieOf(await signIn(members[0].email))!;
    await signIn(members[1].email, device);
    await signIn(members[2].email, device);
    const [a, b, c] = members.map((member) => member.id);
    expect((await signalsOf(a)).map((signal) => signal.evidence)).toEqual([{ otherMemberIds: [b, c] }]);
    expect((await signalsOf(c)).map((signal) => signal.evidence)).toEqual([{ otherMemberIds: [a, b] }]);
  });

  test("registering on a browser another account signed in on raises shared_device on the new account", async () => {
    const first = await memberWithPassword();
    const device = deviceCookieOf(await signIn(first.email))!;
    const draft = cookiePair(
      await keepRegistrationDraft({ fName: "Ravi", lName: "Kumar", email: "ravi@example.com", passwordHash: "x" }),
    );
    const { response } = await postRegister(
      { ...STEP_TWO, gender: "male", intent: "register" },
      { Cookie: `${device}; ${draft}` },
    );
    expect(expectRedirect(response).headers.get("Location")).toBe("/email/verify");
    const created = await getPrisma().member.findUniqueOrThrow({ where: { email: "ravi@example.com" } });
    expect(await signalsOf(created.id)).toMatchObject([
      { kind: "shared_device", evidence: { otherMemberIds: [first.id] } },
    ]);
  });
});

describe("the same payout destination", () => {
  async function addAccount(memberId: number, fields: Record<string, string>) {
    const cookie = await memberCookie(memberId);
    return accountAction({
      request: new Request(`${ORIGIN}/account`, {
        method: "POST",
        headers: { Cookie: cookie },
        body: new URLSearchParams({ password: PASSWORD, holderName: "Asha Rao", ...fields }),
      }),
      params: {},
      context: {},
    });
  }

  test("a UPI id another member added, in another letter case, raises shared_payout for both; the account is added", async () => {
    const first = await memberWithPassword();
    const second = await memberWithPassword();
    expectRedirect(await addAccount(first.id, { intent: "add-upi", upiId: "asha.rao@okhdfcbank" }));
    expectRedirect(await addAccount(second.id, { intent: "add-upi", upiId: "Asha.Rao@OKHDFCBANK" }));

    expect(await getPrisma().paymentAccount.count({ where: { memberId: second.id } })).toBe(1);
    const [ofFirst] = await signalsOf(first.id);
    const [ofSecond] = await signalsOf(second.id);
    expect(ofFirst).toMatchObject({ kind: "shared_payout", evidence: { method: "UPI", otherMemberIds: [second.id] } });
    expect(ofSecond).toMatchObject({ kind: "shared_payout", evidence: { method: "UPI", otherMemberIds: [first.id] } });
    expect(ofSecond.subject).toBe(keyedHash("payout", "upi:asha.rao@okhdfcbank"));
    expect(JSON.stringify([ofFirst, ofSecond])).not.toContain("okhdfcbank");
    expect(await scoreOf(second.id)).toBe(60);
  });

  test("a bank account is the same only with the same IFSC", async () => {
    const first = await memberWithPassword();
    const second = await memberWithPassword();
    const third = await memberWithPassword();
    const bank = { intent: "add-bank", bankName: "HDFC Bank", bankAccountNumber: "50100123456789" };
    expectRedirect(await addAccount(first.id, { ...bank, bankIfsc: "HDFC0001234" }));
    // Near miss: the same number at another branch is another account.
    expectRedirect(await addAccount(second.id, { ...bank, bankIfsc: "HDFC0009999" }));
    expect(await signalsOf(first.id)).toEqual([]);
    expect(await signalsOf(second.id)).toEqual([]);
    // Typed with spaces and a lower-case IFSC, it is the first member's account.
    expectRedirect(
      await addAccount(third.id, { ...bank, bankAccountNumber: "5010 0123 4567 89", bankIfsc: "hdfc0001234" }),
    );
    expect(await signalsOf(third.id)).toMatchObject([
      { kind: "shared_payout", evidence: { method: "Bank", otherMemberIds: [first.id] } },
    ]);
    expect(await signalsOf(second.id)).toEqual([]);
  });
});

describe("the same phone", () => {
  test("registering with a phone another member gave raises shared_phone for both", async () => {
    const first = await createTestMember({ mobile: "+919845012345" });
    const outcome = await register(null, { mobile: "+919845012345" });
    if (outcome.status !== "created") throw new Error("not created");
    expect(await signalsOf(outcome.memberId)).toMatchObject([
      { kind: "shared_phone", subject: keyedHash("phone", "+919845012345"), evidence: { otherMemberIds: [first.id] } },
    ]);
    expect(await signalsOf(first.id)).toMatchObject([
      { kind: "shared_phone", evidence: { otherMemberIds: [outcome.memberId] } },
    ]);
  });

  test("My Detail with another member's phone raises shared_phone; a different phone raises nothing", async () => {
    const first = await createTestMember({ mobile: "9845012345" });
    const second = await createTestMember();
    const save = (mobile: string) => saveMyDetail(second.id, { mobile });
    expectRedirect(await save("9845012346"));
    expect(await signalsOf(second.id)).toEqual([]);
    expectRedirect(await save("98450 12345"));
    expect(await signalsOf(second.id)).toMatchObject([
      { kind: "shared_phone", evidence: { otherMemberIds: [first.id] } },
    ]);
    expect(await signalsOf(first.id)).toMatchObject([
      { kind: "shared_phone", evidence: { otherMemberIds: [second.id] } },
    ]);
  });
});

describe("a change of country", () => {
  // Surveys, profile sets and the minimum withdrawal follow the country (decision 078).
  test("before any points it is a correction: nothing is raised", async () => {
    const member = await createTestMember();
    expectRedirect(await saveMyDetail(member.id, { country: "US", state: "Ohio", city: "Columbus", pin: "43004" }));
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).country).toBe("US");
    expect(await signalsOf(member.id)).toEqual([]);
  });

  test("after earning points it raises country_changed once, and the next withdrawal is held for review", async () => {
    const member = await createTestMember();
    await getPrisma().$transaction((tx) =>
      creditPoints(tx, {
        memberId: member.id,
        points: 500,
        type: "admin_adjustment",
        source: `start:${member.id}`,
        remark: "Profile reward",
      }),
    );
    const toOhio = { country: "US", state: "Ohio", city: "Columbus", pin: "43004" };
    expectRedirect(await saveMyDetail(member.id, toOhio));
    expectRedirect(await saveMyDetail(member.id, toOhio));
    expect(await signalsOf(member.id)).toMatchObject([
      {
        kind: "country_changed",
        subject: "IN>US",
        evidence: { fromCountry: "IN", toCountry: "US", pointsEarned: 500 },
      },
    ]);
    // Below the hold threshold (90): an admin reviews the next withdrawal.
    expect(await scoreOf(member.id)).toBe(85);
    // Saving My Detail with the same country again raises nothing more.
    expectRedirect(await saveMyDetail(member.id, { ...toOhio, city: "Dayton" }));
    expect(await signalsOf(member.id)).toHaveLength(1);
  });
});

describe("registration bursts", () => {
  test("two members behind one carrier address, on their own browsers and payouts, are not flagged", async () => {
    const address = "203.0.113.50";
    const one = await register(address);
    const two = await register(address);
    for (const outcome of [one, two]) {
      if (outcome.status !== "created") throw new Error("not created");
      expect(await signalsOf(outcome.memberId)).toEqual([]);
    }
  });

  test("the sixth registration from one address within the hour raises registration_burst on that account only", async () => {
    const address = "203.0.113.60";
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const outcome = await register(address);
      if (outcome.status !== "created") throw new Error("not created");
      ids.push(outcome.memberId);
    }
    // Another address is counted apart.
    const other = await register("203.0.113.61");
    for (const id of ids.slice(0, 5)) expect(await signalsOf(id)).toEqual([]);
    expect(await signalsOf(ids[5])).toMatchObject([
      { kind: "registration_burst", subject: keyedHash("address", address), evidence: { count: 6, windowMinutes: 60 } },
    ]);
    if (other.status !== "created") throw new Error("not created");
    expect(await signalsOf(other.memberId)).toEqual([]);
    // No address is stored in the clear.
    const traces = await getPrisma().registrationTrace.findMany();
    expect(JSON.stringify(traces)).not.toContain("203.0.113");
  });

  test("registrations older than the window do not count, and the inactivity job purges them", async () => {
    const address = "203.0.113.70";
    const hash = keyedHash("address", address);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await getPrisma().registrationTrace.createMany({
      data: Array.from({ length: 5 }, () => ({ addressHash: hash, createdAt: twoHoursAgo })),
    });
    const outcome = await register(address);
    if (outcome.status !== "created") throw new Error("not created");
    expect(await signalsOf(outcome.memberId)).toEqual([]);

    await purgeIdentityTraces(getPrisma());
    expect(await getPrisma().registrationTrace.count({ where: { addressHash: hash } })).toBe(1);
  });
});

describe("disposable e-mail domains", () => {
  test("an address at a listed domain, or a subdomain of one, is refused at step 1 with the message", async () => {
    for (const email of ["asha@mailinator.com", "Asha@Mail.MAILINATOR.com"]) {
      const { step, status } = await postStepOne({ email });
      expect(status).toBe(422);
      expect(step?.pageState?.step).toBe(1);
      expect(step?.error?.email).toEqual([DISPOSABLE_EMAIL]);
    }
  });

  test("an ordinary address goes on to step 2", async () => {
    // Passed: the redirect to step 2, kept as the browser's draft (decision 076).
    const { response } = await postStepOne({ email: "asha@gmail.com" });
    expect(response).toRedirectTo("/register");
    expect(isDisposableEmail("asha@example.com")).toBe(false);
    // A listed name inside another domain is not that domain.
    expect(isDisposableEmail("asha@mailinator.com.example.org")).toBe(false);
  });

  test("a draft with a disposable address is refused at Register too, and nothing is created", async () => {
    const draft = cookiePair(
      await keepRegistrationDraft({ fName: "Asha", lName: "Rao", email: "asha@mailinator.com", passwordHash: "x" }),
    );
    const { step } = await postRegister(
      { intent: "register", country: "IN", state: "K", city: "B" },
      { Cookie: draft },
    );
    expect(step?.error?.email).toEqual([DISPOSABLE_EMAIL]);
    expect(await getPrisma().member.count({ where: { email: "asha@mailinator.com" } })).toBe(0);
  });
});
