import { describe, expect, test } from "vitest";
import { dateOfBirthIssue } from "~/domain/member-details.server";
import type { Member } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { getToast } from "~/lib/toast.server";
import { action, loader } from "~/routes/_member.details.user";
import { createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { memberCookie, ORIGIN } from "../support/requests";
import { MY_DETAIL_FIELDS } from "../support/my-detail";

// My Detail (/details/user): the read-only view, the edit form, and every server-side rule. A
// refused save answers 400 with field errors and the submitted values, and changes nothing.

/** A signed-in member, read back after the sign-in (which touches lastActiveAt). */
async function signedIn(overrides: Parameters<typeof createTestMember>[0] = {}) {
  const created = await createTestMember(overrides);
  const cookie = await memberCookie(created.id);
  const member = await getPrisma().member.findUniqueOrThrow({ where: { id: created.id } });
  return { member, cookie };
}

const VALID = MY_DETAIL_FIELDS;

/** The message under each required field left empty (or out of range, for the date of birth). */
const REQUIRED_MESSAGES = {
  firstName: "Enter your first name",
  state: "Enter your state",
  city: "Enter your city",
  pin: "Enter your ZIP / PIN code",
  country: "Select your country",
  gender: "Select your gender",
  dobDay: "Enter a valid day",
  dobMonth: "Select a month",
  dobYear: "Enter Valid Year",
};
const INVALID_PIN = "Enter a valid ZIP / PIN code (3 to 10 letters or digits)";
const INVALID_MOBILE = "Enter a valid phone number (6 to 15 digits, optionally starting with +)";

function load(cookie: string, search = "") {
  return loader({
    request: new Request(`${ORIGIN}/details/user${search}`, {
      headers: { Cookie: cookie },
    }),
    params: {},
    context: {},
  });
}

function save(cookie: string, fields: Record<string, string>) {
  return post(cookie, new URLSearchParams(fields));
}

function post(cookie: string, body: BodyInit, headers: Record<string, string> = {}) {
  return action({
    request: new Request(`${ORIGIN}/details/user`, {
      method: "POST",
      headers: { Cookie: cookie, ...headers },
      body,
    }),
    params: {},
    context: {},
  });
}

/** Posts a save that must be refused; returns the field errors and checks nothing was stored. */
async function refused(member: Member, cookie: string, fields: Record<string, string>) {
  const result = expectData(await save(cookie, { ...VALID, ...fields }));
  expect(result.init?.status).toBe(400);
  const stored = await getPrisma().member.findUniqueOrThrow({
    where: { id: member.id },
  });
  expect(stored).toEqual(member);
  return result.data.error ?? {};
}

describe("My Detail page", () => {
  test("shows the details read-only, with the email from the session and the country by name", async () => {
    const { member, cookie } = await signedIn({ mobile: "+919876543210" });
    const page = await load(cookie);
    expect(page.editing).toBe(false);
    expect(page.incomplete).toBe(false);
    expect(page.countries).toEqual([]);
    expect(Object.fromEntries(page.view.map((line) => [line.label, line.value]))).toEqual({
      Name: `Test ${member.lastName}`,
      Email: member.email,
      Gender: "Female",
      "Date Of Birth": "15 April 1990",
      Country: "India",
      State: "Karnataka",
      City: "Bengaluru",
      "ZIP / PIN Code": "560001",
      "Phone / Mobile": "+919876543210",
    });
  });

  test("opens for editing with ?edit, with every country and the stored values", async () => {
    const { cookie } = await signedIn();
    const page = await load(cookie, "?edit");
    expect(page.editing).toBe(true);
    expect(page.countries.length).toBeGreaterThan(240);
    expect(page.countries).toContainEqual({ code: "IN", name: "India" });
    expect(page.values).toMatchObject({
      dobDay: "15",
      dobMonth: "4",
      dobYear: "1990",
      country: "IN",
      gender: "female",
    });
    expect(page.genders.map((gender) => gender.value)).toEqual(["male", "female", "other"]);
  });

  test("opens for editing when a required detail is missing", async () => {
    const { cookie } = await signedIn({
      country: null,
      dob: null,
      gender: null,
    });
    const page = await load(cookie);
    expect(page).toMatchObject({ editing: true, incomplete: true });
    expect(page.values).toMatchObject({ country: "", dobDay: "", gender: "" });
  });

  test("offers 'prefer not to say' only to a member who chose it", async () => {
    const { cookie } = await signedIn({ gender: "prefer_not" });
    const page = await load(cookie, "?edit");
    expect(page.genders).toContainEqual({
      value: "prefer_not",
      label: "Prefer not to say",
    });
    expect(page.view.find((line) => line.label === "Gender")?.value).toBe("Prefer not to say");
  });
});

describe("saving My Detail", () => {
  test("stores the details and returns to the read-only page with a success toast", async () => {
    const { member, cookie } = await signedIn({ country: null, pin: null });
    const response = expectRedirect(
      await save(cookie, {
        ...VALID,
        pin: " sw1a 1aa ",
        mobile: "+91 98765-43210",
        email: "new@example.com",
      }),
    );
    expect(response.headers.get("Location")).toBe("/details/user");
    const toastCookie = response.headers.getSetCookie()[0].split(";")[0];
    const { toast } = await getToast(new Request(ORIGIN, { headers: { Cookie: toastCookie } }));
    expect(toast).toEqual({
      type: "success",
      message: "Details Saved Successfully",
    });

    const stored = await getPrisma().member.findUniqueOrThrow({
      where: { id: member.id },
    });
    expect(stored).toMatchObject({
      firstName: "Asha",
      lastName: "Rao",
      gender: "female",
      country: "IN",
      state: "Karnataka",
      city: "Mysuru",
      pin: "SW1A 1AA",
      mobile: "+919876543210",
      // The email cannot be changed here, whatever is posted.
      email: member.email,
    });
    expect(stored.dob?.toISOString()).toBe("1990-04-15T00:00:00.000Z");
    expect((await load(cookie)).editing).toBe(false);
  });

  test("an empty last name and an empty phone are allowed", async () => {
    const { member, cookie } = await signedIn({ mobile: "+919876543210" });
    expectRedirect(await save(cookie, { ...VALID, lastName: "", mobile: "" }));
    const stored = await getPrisma().member.findUniqueOrThrow({
      where: { id: member.id },
    });
    expect(stored).toMatchObject({ lastName: "", mobile: null });
  });

  test("a refused save keeps the submitted values for the form", async () => {
    const { member, cookie } = await signedIn();
    const result = expectData(await save(cookie, { ...VALID, pin: "1", city: "Hubballi" }));
    expect(result.data.initialValue).toMatchObject({
      pin: "1",
      city: "Hubballi",
      firstName: "Asha",
    });
    expect(result.data.error).toEqual({
      pin: [INVALID_PIN],
    });
    expect(await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).toEqual(member);
  });

  test.each([
    ...Object.entries(REQUIRED_MESSAGES).map(([field, message]) => [field, "", message]),
    ["firstName", "   ", REQUIRED_MESSAGES.firstName],
  ])("%s is required (%j)", async (field, value, message) => {
    const { member, cookie } = await signedIn();
    expect(await refused(member, cookie, { [field]: value })).toEqual({
      [field]: [message],
    });
  });

  test.each([
    ["country", "XX", REQUIRED_MESSAGES.country],
    ["country", "in", REQUIRED_MESSAGES.country],
    ["country", "IND", REQUIRED_MESSAGES.country],
    ["gender", "prefer_not", REQUIRED_MESSAGES.gender],
    ["gender", "robot", REQUIRED_MESSAGES.gender],
    ["pin", "56", INVALID_PIN],
    ["pin", "560 001 1234", "Must be at most 10 characters."],
    ["pin", "560@01", INVALID_PIN],
    ["pin", "56--001", INVALID_PIN],
    ["mobile", "98765", INVALID_MOBILE],
    ["mobile", "1234567890123456", INVALID_MOBILE],
    ["mobile", "98765abc", INVALID_MOBILE],
    ["mobile", "91+98765432", INVALID_MOBILE],
    ["dobDay", "32", REQUIRED_MESSAGES.dobDay],
    ["dobDay", "0", REQUIRED_MESSAGES.dobDay],
    ["dobMonth", "13", REQUIRED_MESSAGES.dobMonth],
    ["dobYear", "199", REQUIRED_MESSAGES.dobYear],
    ["dobYear", "19900", REQUIRED_MESSAGES.dobYear],
    ["dobYear", "1899", REQUIRED_MESSAGES.dobYear],
  ])("%s %j is refused", async (field, value, message) => {
    const { member, cookie } = await signedIn();
    const errors = await refused(member, cookie, { [field]: value });
    // The form shows the first message of a field.
    expect(errors[field]?.[0]).toBe(message);
  });

  test("every problem is reported at once, the date of birth too", async () => {
    const { member, cookie } = await signedIn();
    const underage = String(new Date().getUTCFullYear() - 10);
    expect(await refused(member, cookie, { firstName: "", country: "", gender: "", dobYear: underage })).toEqual({
      firstName: ["Enter your first name"],
      country: ["Select your country"],
      gender: ["Select your gender"],
      dob: ["You must be at least 18 years old"],
    });
    const withoutFields = expectData(await save(cookie, { dobDay: "1", dobMonth: "1", dobYear: underage }));
    expect(Object.keys(withoutFields.data.error ?? {}).sort()).toEqual(
      ["city", "country", "dob", "firstName", "gender", "pin", "state"].sort(),
    );
  });

  test("a date that does not exist is refused", async () => {
    const { member, cookie } = await signedIn();
    expect(
      await refused(member, cookie, {
        dobDay: "30",
        dobMonth: "2",
        dobYear: "1990",
      }),
    ).toEqual({
      dob: ["Enter a valid date of birth"],
    });
  });

  test("a date of birth in the future is refused", async () => {
    const { member, cookie } = await signedIn();
    const nextYear = String(new Date().getUTCFullYear() + 1);
    expect(await refused(member, cookie, { dobYear: nextYear })).toEqual({
      dob: ["The date of birth cannot be in the future"],
    });
  });

  test("a member must be at least 18", async () => {
    const { member, cookie } = await signedIn();
    const seventeen = String(new Date().getUTCFullYear() - 17);
    expect(await refused(member, cookie, { dobYear: seventeen })).toEqual({
      dob: ["You must be at least 18 years old"],
    });
  });

  test("the age is counted to the day", () => {
    const today = new Date("2026-06-15T10:00:00Z");
    expect(dateOfBirthIssue(2008, 6, 15, today)).toBeNull();
    expect(dateOfBirthIssue(2008, 6, 16, today)).toEqual({
      path: "dob",
      message: "You must be at least 18 years old",
    });
    expect(dateOfBirthIssue(2026, 6, 16, today)).toEqual({
      path: "dob",
      message: "The date of birth cannot be in the future",
    });
    expect(dateOfBirthIssue(2000, 2, 29, today)).toBeNull();
    expect(dateOfBirthIssue(2001, 2, 29, today)).toEqual({
      path: "dob",
      message: "Enter a valid date of birth",
    });
  });

  test("every text has a length limit", async () => {
    const { member, cookie } = await signedIn();
    const errors = await refused(member, cookie, {
      firstName: "A".repeat(51),
      lastName: "B".repeat(51),
      state: "C".repeat(101),
      city: "D".repeat(101),
    });
    expect(errors).toEqual({
      firstName: ["Must be at most 50 characters."],
      lastName: ["Must be at most 50 characters."],
      state: ["Must be at most 100 characters."],
      city: ["Must be at most 100 characters."],
    });
  });

  test("a 40 KB value in every field is refused with a clear message, not a crash", async () => {
    const { member, cookie } = await signedIn();
    const huge = "9".repeat(40 * 1024);
    const fields = Object.fromEntries(Object.keys(VALID).map((field) => [field, huge]));
    const errors = await refused(member, cookie, fields);
    expect(Object.keys(errors).sort()).toEqual(Object.keys(VALID).sort());
    expect(errors.firstName).toEqual(["Must be at most 50 characters."]);
    expect(errors.pin?.[0]).toBe("Must be at most 10 characters.");
  });

  test("control characters are refused in every text", async () => {
    const { member, cookie } = await signedIn();
    const errors = await refused(member, cookie, {
      firstName: "Asha\u0000",
      lastName: "R\u0007ao",
      state: "Kar\u001bnataka",
      city: "My\u007fsuru",
    });
    for (const field of ["firstName", "lastName", "state", "city"]) {
      expect(errors[field]).toEqual(["Contains characters that are not allowed."]);
    }
  });

  test("a byte that is not UTF-8 is refused with a clear message", async () => {
    const { member, cookie } = await signedIn();
    const body = Buffer.concat([
      Buffer.from(`${new URLSearchParams({ ...VALID, city: "" }).toString().replace("&city=", "")}&city=My`),
      Buffer.from([0xff, 0xfe]),
      Buffer.from("suru"),
    ]);
    // The same with the byte percent-encoded, as a browser would send it.
    const encoded = new URLSearchParams({ ...VALID, state: "" }).toString().replace("state=", "state=Kar%FFnataka");
    for (const [raw, field] of [
      [new Uint8Array(body), "city"],
      [encoded, "state"],
    ] as const) {
      const result = expectData(
        await post(cookie, raw, {
          "Content-Type": "application/x-www-form-urlencoded",
        }),
      );
      expect(result.init?.status).toBe(400);
      expect(result.data.error).toEqual({
        [field]: ["Contains characters that are not allowed."],
      });
    }
    expect(await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).toEqual(member);
  });

  test("a member who chose 'prefer not to say' may keep it or change it", async () => {
    const { member, cookie } = await signedIn({ gender: "prefer_not" });
    expectRedirect(await save(cookie, { ...VALID, gender: "prefer_not", city: "Udupi" }));
    expect(await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({
      gender: "prefer_not",
      city: "Udupi",
    });
    expectRedirect(await save(cookie, { ...VALID, gender: "other" }));
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).gender).toBe("other");
  });

  test("conform's validate requests never save", async () => {
    const { member, cookie } = await signedIn();
    const result = expectData(
      await save(cookie, {
        ...VALID,
        city: "Hubballi",
        __intent__: JSON.stringify({ type: "validate", payload: {} }),
      }),
    );
    expect(result.data.status).toBeUndefined();
    expect(await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).toEqual(member);
  });

  test("only a signed-in member with a verified email can save", async () => {
    const anonymous = await save("", VALID).catch((thrown: unknown) => thrown);
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fdetails%2Fuser");

    const { member, cookie } = await signedIn({ emailVerifiedAt: null });
    const unverified = await save(cookie, VALID).catch((thrown: unknown) => thrown);
    expect((unverified as Response).headers.get("Location")).toBe("/email/verify");
    expect(await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).toEqual(member);
  });
});
