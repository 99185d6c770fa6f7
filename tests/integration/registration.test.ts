import { describe, expect, test } from "vitest";
import {
  ENTER_VALID_YEAR,
  PASSWORD_MISMATCH,
  REQUIRED,
  REQUIRED_FIELDS,
  UNDER_AGE,
  registrationBanner,
  stepTwoSchema,
} from "~/domain/registration-schema";
import { ageOn } from "~/domain/member-profile-rules";
import { keepRegistrationDraft } from "~/domain/registration-drafts.server";
import { EMAIL_TAKEN } from "~/domain/registration.server";
import { verifyPassword } from "~/domain/passwords.server";
import { startMemberSession } from "~/domain/sessions.server";
import { getT, rememberLanguage } from "~/i18n/i18n.server";
import { getPrisma } from "~/lib/db.server";
import { UNKNOWN_INTENT_MESSAGE } from "~/lib/forms.server";
import { consumeRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import { DRAFT_EXPIRED, DRAFT_INVALID, type RegisterResult } from "~/routes/_guest.register.server";
import { action, loader } from "~/routes/_guest.register";
import { createTestMember } from "../support/factories";
import {
  passStepOne,
  postRegister,
  postStepOne,
  REGISTRATION_PASSWORD,
  registerRequest,
  STEP_ONE,
  STEP_TWO,
} from "../support/registration";
import { cookiePair, cookiesOf } from "../support/requests";
import { expectData, expectRedirect, expectThrown } from "../support/remix";

// Register is driven through its route action with real form posts, as a browser without
// JavaScript sends them: Next, Previous and Register. Next keeps step 1 as the browser's draft and
// redirects; the posts of step 2 carry the draft's cookie (decision 076; more in
// registration-drafts.test.ts).

const PASSWORD = REGISTRATION_PASSWORD;

const stepTwo = { ...STEP_TWO, gender: "prefer_not", mobile: "+91 98450 12345" };

/** A post of step 2 from the browser holding this draft cookie. */
function sendWith(draft: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  return postRegister(body, { Cookie: draft, ...headers });
}

/** GET /register as the browser holding this cookie sees it. */
async function page(cookie?: string) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const result = await loader({
    request: new Request("http://localhost:3000/register", { headers }),
    params: {},
    context: {},
  });
  const { data, init } = expectData(result);
  return { start: data.start, headers: new Headers(init?.headers), json: JSON.stringify(data) };
}

function errorsOf(step: RegisterResult | null): Record<string, string[] | null> {
  return step?.error ?? {};
}

function isoDate(date: Date) {
  return { day: String(date.getUTCDate()), month: String(date.getUTCMonth() + 1), year: String(date.getUTCFullYear()) };
}

/** The date `years` before today (UTC), moved by `days`. */
function yearsAgo(years: number, days = 0): Date {
  const today = new Date();
  const date = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
  date.setUTCDate(date.getUTCDate() + days);
  return date;
}

describe("step 1 (Next)", () => {
  test("an empty form gives 'Required Fields' with every field flagged", async () => {
    const { step, status } = await postRegister({ intent: "next" });
    expect(status).toBe(422);
    expect(step?.pageState?.step).toBe(1);
    const errors = errorsOf(step);
    for (const field of ["fName", "lName", "email", "password", "password_confirmation"]) {
      expect(errors[field]).toEqual([REQUIRED]);
    }
    expect(registrationBanner(errors)).toBe(REQUIRED_FIELDS);
  });

  test("a confirmation that differs gives 'Password do not match'", async () => {
    const { step } = await postStepOne({ password_confirmation: `${PASSWORD}!` });
    expect(errorsOf(step).password_confirmation).toEqual([PASSWORD_MISMATCH]);
    expect(registrationBanner(errorsOf(step))).toBe(PASSWORD_MISMATCH);
  });

  test("a common password is refused by the policy", async () => {
    const { step } = await postStepOne({ password: "password1", password_confirmation: "password1" });
    expect(errorsOf(step).password).toEqual(["This password is too common. Choose another."]);
    expect(registrationBanner(errorsOf(step))).toBe("Invalid field Data: password");
  });

  test("a bad e-mail is named in 'Invalid field Data'", async () => {
    const { step } = await postStepOne({ email: "asha@" });
    expect(registrationBanner(errorsOf(step))).toBe("Invalid field Data: email");
  });

  test("an e-mail already registered, in any letter case, is a field error", async () => {
    await createTestMember({ email: "asha.rao@example.com" });
    for (const email of ["asha.rao@example.com", "Asha.Rao@Example.COM", "  ASHA.RAO@EXAMPLE.COM "]) {
      const { step, status } = await postStepOne({ email });
      expect(status).toBe(422);
      expect(errorsOf(step).email).toEqual([EMAIL_TAKEN]);
    }
  });

  test("never sends the password back, neither on success nor on an error", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { password_confirmation: "Different-Monsoon-42" },
      { email: "bad" },
    ];
    for (const values of attempts) {
      const { json } = await postStepOne(values);
      expect(json).not.toContain(PASSWORD);
    }
    const { response } = await postStepOne();
    const redirect = expectRedirect(response);
    expect(redirect.headers.get("Location")).toBe("/register");
    expect(redirect.headers.get("Set-Cookie")).not.toContain(PASSWORD);
    const shown = await page(cookiesOf(redirect));
    expect(shown.start.pageState?.step).toBe(2);
    expect(shown.json).not.toContain(PASSWORD);
  });

  test("keeps step 1 on the server with a password hash; the cookie holds only a signed id", async () => {
    const draft = await passStepOne();
    expect(draft).toMatch(/^__registration=/);
    expect(decodeURIComponent(draft).toLowerCase()).not.toContain("asha");
    const [row] = await getPrisma().registrationDraft.findMany();
    expect(row).toMatchObject({ firstName: "Asha", lastName: "Rao", email: "asha.rao@example.com" });
    expect(row.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, row.passwordHash)).toBe(true);
    expect((await page(draft)).start.pageState).toEqual({
      step: 2,
      who: { name: "Asha Rao", email: "asha.rao@example.com" },
    });
  });
});

describe("step 2 (Previous and Register)", () => {
  test("Previous returns to step 1 with the values but without the password", async () => {
    const draft = await passStepOne();
    const { step, json } = await sendWith(draft, { intent: "previous" });
    expect(step).toMatchObject({
      status: "success",
      pageState: { step: 1, defaultValue: { fName: "Asha", lName: "Rao", email: "asha.rao@example.com" } },
    });
    expect(json).not.toContain(PASSWORD);
  });

  test("Register creates the member, signs them in (not remembered) and goes to /email/verify", async () => {
    const draft = await passStepOne({ email: "Asha.Rao@Example.com" });
    const { response } = await sendWith(draft, { ...stepTwo, intent: "register" });
    const redirect = expectRedirect(response);
    expect(redirect.headers.get("Location")).toBe("/email/verify");
    // The member's session cookie (beside it, the device cookie of decision 070).
    const cookie = redirect.headers.getSetCookie().find((set) => set.startsWith("__member=")) ?? "";
    expect(cookie).toMatch(/^__member=/);
    expect(cookie).not.toMatch(/Expires|Max-Age/i);

    const member = await getPrisma().member.findUniqueOrThrow({ where: { email: "asha.rao@example.com" } });
    expect(member).toMatchObject({
      firstName: "Asha",
      lastName: "Rao",
      country: "IN",
      state: "Karnataka",
      city: "Bengaluru",
      pin: "560001",
      gender: "prefer_not",
      // Stored as My Detail stores it: without the spaces typed.
      mobile: "+919845012345",
      emailVerifiedAt: null,
    });
    expect(member.dob).toEqual(new Date("1990-04-15T00:00:00.000Z"));
    expect(member.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(PASSWORD, member.passwordHash ?? "")).toBe(true);
    const sessions = await getPrisma().memberSession.findMany({ where: { memberId: member.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0].persistent).toBe(false);
  });

  test("empty step 2 gives 'Required Fields' and keeps the draft", async () => {
    const draft = await passStepOne();
    const { step, status } = await sendWith(draft, { intent: "register" });
    expect(status).toBe(422);
    expect(step?.pageState).toMatchObject({ step: 2, who: { email: "asha.rao@example.com" } });
    expect(await getPrisma().registrationDraft.count()).toBe(1);
    expect(registrationBanner(errorsOf(step))).toBe(REQUIRED_FIELDS);
    for (const field of ["country", "state", "city", "pin", "day", "month", "year", "gender"]) {
      expect(errorsOf(step)[field]).toEqual([REQUIRED]);
    }
    expect(errorsOf(step).mobile).toBeUndefined();
  });

  test("a year that is not 4 digits or lies ahead gives 'Enter Valid Year'", async () => {
    const draft = await passStepOne();
    for (const year of ["99", "19900", String(new Date().getUTCFullYear() + 1), "abcd"]) {
      const { step } = await sendWith(draft, { ...stepTwo, year, intent: "register" });
      expect(errorsOf(step).year).toEqual([ENTER_VALID_YEAR]);
      expect(registrationBanner(errorsOf(step))).toBe(ENTER_VALID_YEAR);
    }
  });

  test("a day above 31 or a date that does not exist is refused", async () => {
    const draft = await passStepOne();
    expect(errorsOf((await sendWith(draft, { ...stepTwo, day: "32", intent: "register" })).step).day).toBeTruthy();
    const { step } = await sendWith(draft, { ...stepTwo, day: "31", month: "4", intent: "register" });
    expect(errorsOf(step).dob).toEqual(["Enter a valid date of birth."]);
    expect(registrationBanner(errorsOf(step))).toBe("Invalid field Data: dob");
  });

  test("the day before the 18th birthday is refused; the birthday itself is accepted", async () => {
    const draft = await passStepOne();
    const dayBefore = await sendWith(draft, { ...stepTwo, ...isoDate(yearsAgo(18, 1)), intent: "register" });
    expect(errorsOf(dayBefore.step).dob).toEqual([UNDER_AGE]);
    expect(await getPrisma().member.count()).toBe(0);

    const birthday = await sendWith(draft, { ...stepTwo, ...isoDate(yearsAgo(18)), intent: "register" });
    expect(expectRedirect(birthday.response).headers.get("Location")).toBe("/email/verify");
  });

  test("an e-mail taken between the two steps sends the member back to step 1 on that field", async () => {
    const draft = await passStepOne();
    await createTestMember({ email: "asha.rao@example.com" });
    const { step, status, json } = await sendWith(draft, { ...stepTwo, intent: "register" });
    expect(status).toBe(409);
    expect(step?.pageState?.step).toBe(1);
    expect(errorsOf(step).email).toEqual([EMAIL_TAKEN]);
    expect(json).not.toContain("passwordHash");
    expect(await getPrisma().member.count()).toBe(1);
  });

  test("a changed or forged draft cookie, or none, is refused and nothing is created", async () => {
    const draft = await passStepOne();
    const flipped = `${draft.slice(0, -2)}${draft.at(-2) === "A" ? "B" : "A"}${draft.at(-1)}`;
    for (const forged of [flipped, "__registration=AAAA", "__registration=", `__registration=${"x".repeat(4000)}`]) {
      const { step, status } = await sendWith(forged, { ...stepTwo, intent: "register" });
      expect(status).toBe(400);
      expect(step).toMatchObject({ pageState: { step: 1 }, error: { "": [DRAFT_INVALID] } });
    }
    const { step, status } = await postRegister({ ...stepTwo, intent: "register" });
    expect(status).toBe(400);
    expect(step).toMatchObject({ pageState: { step: 1 }, error: { "": [DRAFT_INVALID] } });
    expect(await getPrisma().member.count()).toBe(0);
  });

  test("an expired draft is not used: step 1 again, empty, with the message", async () => {
    const expired = cookiePair(
      await keepRegistrationDraft(
        { fName: "Asha", lName: "Rao", email: "asha.rao@example.com", passwordHash: "$argon2id$x" },
        { now: new Date(Date.now() - 25 * 60 * 60 * 1000) },
      ),
    );
    const { step, status, json } = await sendWith(expired, { ...stepTwo, intent: "register" });
    expect(status).toBe(400);
    expect(step).toMatchObject({ error: { "": [DRAFT_EXPIRED] }, pageState: { step: 1, defaultValue: null } });
    expect(json).not.toContain("Asha");
    expect(await getPrisma().member.count()).toBe(0);
    expect(await getPrisma().registrationDraft.count()).toBe(0);
  });
});

describe("hostile input", () => {
  const big = "a".repeat(40 * 1024);

  test("a 40 KB value in any step-1 field is a clear error, not a 500", async () => {
    for (const field of Object.keys(STEP_ONE)) {
      const values = field.startsWith("password") ? { password: big, password_confirmation: big } : { [field]: big };
      const { step, status } = await postStepOne(values);
      expect(status, field).toBe(422);
      expect(Object.keys(errorsOf(step)).length, field).toBeGreaterThan(0);
      expect(registrationBanner(errorsOf(step)), field).toMatch(/^Invalid field Data: /);
    }
  });

  test("a 40 KB value in any step-2 field is a clear error and creates nothing", async () => {
    const draft = await passStepOne();
    for (const field of Object.keys(stepTwo)) {
      const { step, status } = await sendWith(draft, { ...stepTwo, [field]: big, intent: "register" });
      expect(status, field).toBe(422);
      expect(registrationBanner(errorsOf(step)), field).toMatch(
        /^(Invalid field Data: |Enter Valid Year$|Tick the box to agree to the Terms)/,
      );
    }
    expect(await getPrisma().member.count()).toBe(0);
  });

  test("a byte that is not UTF-8 (%FF) in any field is a clear error and creates nothing", async () => {
    for (const field of Object.keys(STEP_ONE)) {
      const body = new URLSearchParams({ ...STEP_ONE, intent: "next" });
      body.delete(field);
      const { step, status } = await postRegister(`${body.toString()}&${field}=Asha%FF`);
      expect(status, field).toBe(422);
      expect(errorsOf(step)[field === "password" ? "password" : field], field).toBeTruthy();
    }
    const draft = await passStepOne();
    for (const field of Object.keys(stepTwo)) {
      const body = new URLSearchParams({ ...stepTwo, intent: "register" });
      body.delete(field);
      const { step, status } = await postRegister(`${body.toString()}&${field}=1%FF`, { Cookie: draft });
      expect(status, field).toBe(422);
      expect(errorsOf(step)[field], field).toBeTruthy();
    }
    expect(await getPrisma().member.count()).toBe(0);
  });

  test("conform's reserved fields, repeated names and unknown intents never reach a 500", async () => {
    const withIntent = `${new URLSearchParams({ ...STEP_ONE, intent: "next" })}&__intent__=%7Bnot-json&__state__=nope`;
    expect((await postRegister(withIntent)).response?.headers.get("Location")).toBe("/register");
    expect(
      (
        await postRegister(`${new URLSearchParams({ ...STEP_ONE, intent: "next" })}&email=other@example.com`)
      ).response?.headers.get("Location"),
    ).toBe("/register");
    const unknown = await expectThrown(
      action({ request: registerRequest({ ...STEP_ONE, intent: "x".repeat(40_000) }), params: {}, context: {} }),
    );
    expect(unknown).toEqual({ status: 400, text: UNKNOWN_INTENT_MESSAGE });
    const unreadable = await action({
      request: new Request("http://localhost:3000/register", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=nothing" },
        body: "garbage",
      }),
      params: {},
      context: {},
    });
    expect(expectData(unreadable).init?.status).toBe(400);
  });
});

describe("guards and limits", () => {
  test("a signed-in member is sent to Landing from the page and the action", async () => {
    const member = await createTestMember();
    const request = new Request("http://localhost:3000/register");
    const cookie = (await startMemberSession(member.id, { persistent: false, request })).split(";")[0];
    const get = new Request("http://localhost:3000/register", { headers: { Cookie: cookie } });
    const thrown = await loader({ request: get, params: {}, context: {} }).catch((error: unknown) => error);
    expect(expectRedirect(thrown).headers.get("Location")).toBe("/");
    const posted = await action({
      request: registerRequest({ ...STEP_ONE, intent: "next" }, { Cookie: cookie }),
      params: {},
      context: {},
    }).catch((error: unknown) => error);
    expect(expectRedirect(posted).headers.get("Location")).toBe("/");
  });

  test("a post from another site is refused", async () => {
    const thrown = await action({
      request: registerRequest({ ...STEP_ONE, intent: "next" }, { Origin: "https://evil.example" }),
      params: {},
      context: {},
    }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
  });

  test("registrations are limited per address, with a clear message", async () => {
    const address = { "X-Panel-Client-Address": "203.0.113.7" };
    for (let i = 0; i < RATE_LIMITS.registrations.limit(); i += 1) {
      await consumeRateLimit(RATE_LIMITS.registrations, "203.0.113.7");
    }
    const atNext = await postStepOne({}, address);
    expect(atNext.status).toBe(429);
    expect(registrationBanner(errorsOf(atNext.step))).toMatch(
      /^Too many registrations from your network\. Try again in \d+ minutes?\.$/,
    );

    const draft = await passStepOne();
    const atRegister = await sendWith(draft, { ...stepTwo, intent: "register" }, address);
    expect(atRegister.status).toBe(429);
    expect(await getPrisma().member.count()).toBe(0);

    // Another address is not affected.
    const elsewhere = await sendWith(
      draft,
      { ...stepTwo, intent: "register" },
      { "X-Panel-Client-Address": "198.51.100.1" },
    );
    expect(expectRedirect(elsewhere.response).status).toBe(302);
  });
});

describe("the page's language (decision 074)", () => {
  /** Registers through both steps from a browser sending these headers; the member's stored language. */
  const registeredLanguage = async (email: string, headers: Record<string, string>) => {
    const draft = await passStepOne({ email });
    const cookie = [draft, headers.Cookie].filter(Boolean).join("; ");
    const { response } = await sendWith(draft, { ...stepTwo, intent: "register" }, { ...headers, Cookie: cookie });
    expectRedirect(response);
    return (await getPrisma().member.findUniqueOrThrow({ where: { email }, select: { language: true } })).language;
  };

  test("a member who registers in Hindi gets Hindi as their language, so their mails come in Hindi", async () => {
    const hindiCookie = cookiePair(await rememberLanguage("hi"));
    expect(await registeredLanguage("chosen@example.com", { Cookie: hindiCookie, "Accept-Language": "en" })).toBe("hi");
    expect(await registeredLanguage("browser@example.com", { "Accept-Language": "ta-IN,hi;q=0.8" })).toBe("hi");
  });

  test("a member who registers in English gets English", async () => {
    const englishCookie = cookiePair(await rememberLanguage("en"));
    expect(await registeredLanguage("chosen@example.com", { Cookie: englishCookie, "Accept-Language": "hi" })).toBe(
      "en",
    );
    expect(await registeredLanguage("plain@example.com", {})).toBe("en");
  });

  test("the banner and the limit's message are in Hindi on a Hindi page", async () => {
    const t = await getT("hi");
    const { step } = await postStepOne({ email: "asha@example" });
    expect(registrationBanner(errorsOf(step), (text, values) => t(text, values))).toBe("यह जानकारी सही नहीं है: ईमेल");
    expect(registrationBanner({ "": [PASSWORD_MISMATCH] }, (text, values) => t(text, values))).toBe(
      "दोनों पासवर्ड एक जैसे नहीं हैं",
    );

    for (let i = 0; i < RATE_LIMITS.registrations.limit(); i += 1) {
      await consumeRateLimit(RATE_LIMITS.registrations, "203.0.113.9");
    }
    const hindiCookie = cookiePair(await rememberLanguage("hi"));
    const limited = await postStepOne({}, { "X-Panel-Client-Address": "203.0.113.9", Cookie: hindiCookie });
    expect(limited.status).toBe(429);
    expect(errorsOf(limited.step)[""]?.[0]).toMatch(/^आपके नेटवर्क से बहुत ज़्यादा रजिस्ट्रेशन हुए हैं। \d+ मिनट बाद/);
  });
});

describe("the address and phone rules are My Detail's", () => {
  // Registration used to accept a PIN of "56" or "1-" and a 20-digit phone that My Detail then
  // refused, so a member could register with details they could never save again.
  const schema = stepTwoSchema({ today: new Date("2026-06-15"), isCountry: (code) => code === "IN" });

  test("a PIN My Detail refuses is refused at registration; a good one is stored as My Detail stores it", () => {
    for (const pin of ["56", "1-", "12--4", "a".repeat(11)]) {
      const result = schema.safeParse({ ...stepTwo, pin });
      expect(result.error?.issues, pin).toEqual([
        expect.objectContaining({ path: ["pin"], message: "Enter a valid ZIP / PIN code." }),
      ]);
    }
    expect(schema.safeParse({ ...stepTwo, pin: " ec1a 1bb " }).data?.pin).toBe("EC1A 1BB");
  });

  test("a phone number My Detail refuses is refused at registration; a good one loses its spaces", () => {
    for (const mobile of ["1".repeat(20), "12345", "98-abc"]) {
      const result = schema.safeParse({ ...stepTwo, mobile });
      expect(result.error?.issues, mobile).toEqual([
        expect.objectContaining({ path: ["mobile"], message: "Enter a valid phone number (digits only)." }),
      ]);
    }
    expect(schema.safeParse({ ...stepTwo, mobile: "+91 98450-12345" }).data?.mobile).toBe("+919845012345");
  });
});

describe("the date of birth rules", () => {
  const schema = (today: string) => stepTwoSchema({ today: new Date(today), isCountry: (code) => code === "IN" });

  test("age counts whole years, the birthday included", () => {
    expect(ageOn(new Date("2008-06-15"), new Date("2026-06-14"))).toBe(17);
    expect(ageOn(new Date("2008-06-15"), new Date("2026-06-15"))).toBe(18);
    // Born on 29 February: 18 on 1 March in a year without one.
    expect(ageOn(new Date("2008-02-29"), new Date("2026-02-28"))).toBe(17);
    expect(ageOn(new Date("2008-02-29"), new Date("2026-03-01"))).toBe(18);
  });

  test("the schema refuses the day before the 18th birthday and accepts the birthday", () => {
    const dayBefore = schema("2026-06-14").safeParse({ ...stepTwo, day: "15", month: "6", year: "2008" });
    expect(dayBefore.success).toBe(false);
    expect(dayBefore.error?.issues[0]).toMatchObject({ path: ["dob"], message: UNDER_AGE });
    const birthday = schema("2026-06-15").safeParse({ ...stepTwo, day: "15", month: "6", year: "2008" });
    expect(birthday.success).toBe(true);
    expect(birthday.data?.dob).toEqual(new Date("2008-06-15T00:00:00.000Z"));
  });

  test("the year may not lie after this year", () => {
    const result = schema("2026-01-01").safeParse({ ...stepTwo, year: "2027" });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["year"], message: ENTER_VALID_YEAR })]);
  });
});
