import { parseWithZod } from "@conform-to/zod";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { memberDetailsFormValues, parseMemberDetails } from "~/domain/member-details.server";
import { GENDER_CODES, isGenderCode } from "~/domain/member-profile-rules";
import { stepOneSchema, stepTwoSchema } from "~/domain/registration-schema";
import type { Member } from "~/generated/prisma/client";
import { isCountryCode } from "~/lib/countries.server";

// Every value Register accepts, My Detail accepts, and the other way round: a member who registered
// can always save My Detail unchanged. Each value goes through both screens' real parsers, as their
// actions call them (Register with conform's coercion, My Detail without), on the same day.

interface Profile {
  firstName: string;
  lastName: string;
  gender: string;
  day: string;
  month: string;
  year: string;
  country: string;
  state: string;
  city: string;
  pin: string;
  mobile: string;
}

const TODAY = new Date("2026-06-15T10:30:00Z");

const VALID: Profile = {
  firstName: "Asha",
  lastName: "Rao",
  gender: "female",
  day: "15",
  month: "4",
  year: "1990",
  country: "IN",
  state: "Karnataka",
  city: "Bengaluru",
  pin: "560001",
  mobile: "",
};

function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** Register's two steps, as its action parses them: the stored values, or null when refused. */
function register(profile: Profile, today = TODAY) {
  const stepOne = parseWithZod(
    formData({
      fName: profile.firstName,
      lName: profile.lastName,
      email: "asha.rao@example.com",
      password: "Tamarind-Monsoon-42",
      password_confirmation: "Tamarind-Monsoon-42",
    }),
    { schema: stepOneSchema() },
  );
  const stepTwo = parseWithZod(
    formData({
      country: profile.country,
      state: profile.state,
      city: profile.city,
      pin: profile.pin,
      day: profile.day,
      month: profile.month,
      year: profile.year,
      gender: profile.gender,
      mobile: profile.mobile,
      // The terms box (decision 067) is ticked: these tests are about the profile fields.
      terms: "on",
    }),
    { schema: stepTwoSchema({ today, isCountry: isCountryCode }) },
  );
  if (stepOne.status !== "success" || stepTwo.status !== "success") return null;
  const { fName, lName } = stepOne.value;
  return { firstName: fName, lastName: lName, ...stepTwo.value };
}

/**
 * My Detail's save, posted by a member whose stored gender is the one posted (My Detail offers
 * 'prefer not to say' only to a member who has it): the stored values, or null when refused.
 */
function saveMyDetail(profile: Profile, today = TODAY) {
  const current = isGenderCode(profile.gender) ? profile.gender : null;
  const submission = parseMemberDetails(
    formData({
      firstName: profile.firstName,
      lastName: profile.lastName,
      gender: profile.gender,
      dobDay: profile.day,
      dobMonth: profile.month,
      dobYear: profile.year,
      country: profile.country,
      state: profile.state,
      city: profile.city,
      pin: profile.pin,
      mobile: profile.mobile,
    }),
    { gender: current },
    today,
  );
  return submission.status === "success" ? submission.value : null;
}

/** Both screens decide alike; when both accept, they store the same values. */
function expectSameDecision(profile: Profile, today = TODAY) {
  const registered = register(profile, today);
  const saved = saveMyDetail(profile, today);
  expect({ registration: registered !== null, myDetail: saved !== null }, JSON.stringify(profile)).toEqual({
    registration: saved !== null,
    myDetail: registered !== null,
  });
  if (registered && saved) expect(saved, JSON.stringify(profile)).toEqual(registered);
  return registered !== null;
}

/** The date `years` before TODAY, moved by `days`, as the form's three parts. */
function partsYearsAgo(years: number, days = 0) {
  const date = new Date(Date.UTC(TODAY.getUTCFullYear() - years, TODAY.getUTCMonth(), TODAY.getUTCDate() + days));
  return { day: String(date.getUTCDate()), month: String(date.getUTCMonth() + 1), year: String(date.getUTCFullYear()) };
}

// Values chosen to sit on the edges of each rule, accepted and refused.
/** The postcodes, among the edges, that both screens accept; `REFUSED_PINS` the others. */
const ACCEPTED_PINS = [
  "560001",
  "110 001",
  "110-001",
  " 560001 ",
  "0110",
  "000",
  "001",
  "007",
  "EC1A 1BB",
  "ec1a 1bb",
  "K1A 0B1",
  "12345-6789",
  "a".repeat(10),
];
const REFUSED_PINS = ["56", "1-", "-12", "12--4", "1  23", "560@01", "a".repeat(11), "560 001 1234", "", "   "];

/** The mobile numbers, among the edges, that both screens accept (blank: none given). */
const ACCEPTED_MOBILES = [
  "",
  "  ",
  "9876543210",
  "+919876543210",
  "+91 98765 43210",
  "+91-98765-43210",
  "098765 43210",
  "123456",
  "1".repeat(15),
  "+" + "1".repeat(15),
  "\t9876543210",
  " 9876543210 ",
];
const REFUSED_MOBILES = [
  "12345",
  "1".repeat(16),
  "1".repeat(20),
  "91+98765432",
  "98765abc",
  "++919876543210",
  "(0) 98765 43210",
];

const EDGES = {
  firstName: [
    "Asha",
    "O'Brien",
    "Anne-Marie",
    "José",
    "Nguyễn Văn",
    "李小龍",
    "Zoë Ann",
    "  Asha  ",
    "A",
    "a".repeat(50),
    "a".repeat(51),
    "",
    "   ",
    "Ann\u0000",
    "Ann\uFFFD",
    "Ann\tMarie",
    "🙂",
  ],
  lastName: ["Rao", "D'Souza", "Smith-Jones", "Müller", "ராவ்", "a".repeat(50), "a".repeat(51), "Rao\u0007"],
  gender: [...GENDER_CODES, "prefer-not", "", "robot", "Male", " male"],
  dob: [
    partsYearsAgo(18),
    partsYearsAgo(18, -1),
    partsYearsAgo(18, 1),
    partsYearsAgo(0),
    partsYearsAgo(0, 1),
    partsYearsAgo(-1),
    { day: "1", month: "1", year: "1900" },
    { day: "31", month: "12", year: "1899" },
    { day: "29", month: "2", year: "2000" },
    { day: "29", month: "2", year: "2001" },
    { day: "31", month: "4", year: "1990" },
    { day: "01", month: "04", year: "1990" },
    { day: "00", month: "4", year: "1990" },
    { day: "32", month: "4", year: "1990" },
    { day: "001", month: "4", year: "1990" },
    { day: " 5", month: "4 ", year: " 1990 " },
    { day: "1.5", month: "4", year: "1990" },
    { day: "15", month: "0", year: "1990" },
    { day: "15", month: "13", year: "1990" },
    { day: "15", month: "4", year: "199" },
    { day: "15", month: "4", year: "19900" },
    { day: "15", month: "4", year: "abcd" },
    { day: "15", month: "4", year: "0990" },
    { day: "", month: "4", year: "1990" },
    { day: "15", month: "", year: "1990" },
    { day: "15", month: "4", year: "" },
  ],
  country: ["IN", "US", "GB", "XX", "in", "IND", " IN ", "", "ZZ", "EU"],
  state: ["Karnataka", "Tamil Nadu", "Île-de-France", "a".repeat(100), "a".repeat(101), "", "  ", "Goa\u0000"],
  city: ["Bengaluru", "Hubballi-Dharwad", "Saint-Étienne", "a".repeat(100), "a".repeat(101), "", "City\u001F"],
  pin: [...ACCEPTED_PINS, ...REFUSED_PINS],
  mobile: [...ACCEPTED_MOBILES, ...REFUSED_MOBILES],
} satisfies Record<string, unknown[]>;

describe("Register and My Detail accept the same profile values", () => {
  const cases: [string, Partial<Profile>][] = [
    ...EDGES.firstName.map((firstName) => ["firstName", { firstName }] as [string, Partial<Profile>]),
    ...EDGES.lastName.map((lastName) => ["lastName", { lastName }] as [string, Partial<Profile>]),
    ...EDGES.gender.map((gender) => ["gender", { gender }] as [string, Partial<Profile>]),
    ...EDGES.dob.map((dob) => ["dob", dob] as [string, Partial<Profile>]),
    ...EDGES.country.map((country) => ["country", { country }] as [string, Partial<Profile>]),
    ...EDGES.state.map((state) => ["state", { state }] as [string, Partial<Profile>]),
    ...EDGES.city.map((city) => ["city", { city }] as [string, Partial<Profile>]),
    ...EDGES.pin.map((pin) => ["pin", { pin }] as [string, Partial<Profile>]),
    ...EDGES.mobile.map((mobile) => ["mobile", { mobile }] as [string, Partial<Profile>]),
  ];

  test.each(cases)("%s %j", (_field, change) => {
    expectSameDecision({ ...VALID, ...change });
  });

  test("the edges are edges: each rule both accepts and refuses some of them", () => {
    const accepted = (change: Partial<Profile>) => register({ ...VALID, ...change }) !== null;
    expect(EDGES.pin.filter((pin) => accepted({ pin }))).toEqual(ACCEPTED_PINS);
    expect(EDGES.mobile.filter((mobile) => accepted({ mobile }))).toEqual(ACCEPTED_MOBILES);
    expect(EDGES.gender.filter((gender) => accepted({ gender }))).toEqual([...GENDER_CODES]);
    expect(EDGES.country.filter((country) => accepted({ country }))).toEqual(["IN", "US", "GB", " IN "]);
    expect(EDGES.firstName.filter((firstName) => !accepted({ firstName }))).toEqual([
      "a".repeat(51),
      "",
      "   ",
      "Ann\u0000",
      "Ann\uFFFD",
    ]);
  });

  test("the date of birth: the 18th birthday is accepted, the day before, the future and before 1900 are not", () => {
    const accepted = (dob: Partial<Profile>) => register({ ...VALID, ...dob }) !== null;
    expect(accepted(partsYearsAgo(18))).toBe(true);
    expect(accepted(partsYearsAgo(18, 1))).toBe(false);
    expect(accepted(partsYearsAgo(18, -1))).toBe(true);
    expect(accepted(partsYearsAgo(-1))).toBe(false);
    expect(accepted({ day: "1", month: "1", year: "1900" })).toBe(true);
    expect(accepted({ day: "31", month: "12", year: "1899" })).toBe(false);
    expect(accepted({ day: "29", month: "2", year: "2001" })).toBe(false);
  });

  test("born on 29 February: 18 on 1 March of a year without one, on both screens", () => {
    const leapling = { ...VALID, day: "29", month: "2", year: "2008" };
    expect(expectSameDecision(leapling, new Date("2026-02-28T23:59:59Z"))).toBe(false);
    expect(expectSameDecision(leapling, new Date("2026-03-01T00:00:00Z"))).toBe(true);
  });

  test("the one difference: a last name may be left empty in My Detail (Google accounts may have none)", () => {
    for (const lastName of ["", "   "]) {
      expect(register({ ...VALID, lastName })).toBeNull();
      expect(saveMyDetail({ ...VALID, lastName })).toMatchObject({ lastName: "" });
    }
  });

  test("random combinations of the edges and of arbitrary text decide alike", () => {
    const text = (characters: string, maxLength: number) =>
      fc.string({ unit: fc.constantFrom(...characters), maxLength });
    const oneOf = (values: string[], characters: string, maxLength: number) =>
      fc.oneof(fc.constantFrom(...values), text(characters, maxLength));
    const profile = fc
      .record({
        firstName: oneOf(EDGES.firstName, "aZ'-é李 \u0000", 55),
        // A blank last name is the one documented difference (above).
        lastName: oneOf(EDGES.lastName, "aZ'-é ", 55).filter((value) => value.trim() !== ""),
        gender: fc.constantFrom(...EDGES.gender),
        dob: fc.oneof(
          fc.constantFrom(...EDGES.dob),
          fc.record({ day: text("0123 ", 3), month: text("0129 ", 3), year: text("01289 ", 5) }),
          fc.date({ min: new Date("1890-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }).map((date) => ({
            day: String(date.getUTCDate()),
            month: String(date.getUTCMonth() + 1),
            year: String(date.getUTCFullYear()),
          })),
        ),
        country: oneOf(EDGES.country, "INUSGBX ", 3),
        state: oneOf(EDGES.state, "aZ -é\t", 105),
        city: oneOf(EDGES.city, "aZ -é", 105),
        pin: oneOf(EDGES.pin, "0159aZ -@", 12),
        mobile: oneOf(EDGES.mobile, "0159+ -()a\t", 22),
      })
      .map(({ dob, ...rest }): Profile => ({ ...rest, ...dob }));
    fc.assert(
      fc.property(profile, (value) => {
        expectSameDecision(value);
      }),
      { numRuns: 400 },
    );
  });
});

describe("a member who registered can save My Detail unchanged", () => {
  test("the stored values, shown in My Detail's form and posted back, are accepted and stored the same", () => {
    const accepted = EDGES.dob.map((dob) => ({ ...VALID, ...dob })).filter((profile) => register(profile));
    const samples: Profile[] = [
      ...accepted,
      {
        ...VALID,
        firstName: "O'Brien",
        lastName: "a".repeat(50),
        gender: "prefer_not",
        pin: "ec1a-1bb",
        mobile: "+91 98765 43210",
      },
      { ...VALID, state: `  ${"a".repeat(100)}  `, city: "Saint-Étienne", pin: " 007 ", mobile: "\t9876543210 " },
    ];
    for (const profile of samples) {
      const registered = register(profile);
      expect(registered, JSON.stringify(profile)).not.toBeNull();
      const member = { ...registered, email: "asha.rao@example.com" } as unknown as Member;
      const shown = memberDetailsFormValues(member);
      const again = saveMyDetail({
        ...shown,
        day: shown.dobDay,
        month: shown.dobMonth,
        year: shown.dobYear,
        gender: String(shown.gender),
      });
      expect(again, JSON.stringify(profile)).toEqual(registered);
    }
  });
});
