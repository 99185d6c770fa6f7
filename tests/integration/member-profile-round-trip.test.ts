import { describe, expect, test } from "vitest";
import { getPrisma } from "~/lib/db.server";
import { getToast } from "~/lib/toast.server";
import { action as myDetailAction, loader as myDetailLoader } from "~/routes/_member.details.user";
import { action as registerAction } from "~/routes/_guest.register";
import { expectRedirect } from "../support/remix";

// A member who registered can always save My Detail unchanged: each member below registers through
// Register's real posts (Next, then Register) with values on the edges of the profile rules, opens
// My Detail for editing and presses Save without changing anything. The save must succeed and
// store exactly what registration stored (docs/decisions/040-member-profile-rules.md).

const ORIGIN = "http://localhost:3000";
const PASSWORD = "Tamarind-Monsoon-42";

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The date `years` before today (UTC), as Register's three date fields. */
function birthdayYearsAgo(years: number) {
  const today = new Date();
  return {
    day: String(today.getUTCDate()),
    month: String(today.getUTCMonth() + 1),
    year: String(today.getUTCFullYear() - years),
  };
}

interface Registration {
  fName: string;
  lName: string;
  email: string;
  country: string;
  state: string;
  city: string;
  pin: string;
  day: string;
  month: string;
  year: string;
  gender: string;
  mobile: string;
}

/** Registers through the route and returns the member's session cookie, with the e-mail verified. */
async function registerMember({ fName, lName, email, ...stepTwo }: Registration): Promise<string> {
  const next = expectRedirect(
    await registerAction({
      request: post("/register", {
        intent: "next",
        fName,
        lName,
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      }),
      params: {},
      context: {},
    }),
  );
  // Step 1 is kept as the browser's draft (decision 076): step 2 posts with its cookie.
  const draftCookie = (next.headers.get("Set-Cookie") ?? "").split(";")[0];
  const registered = await registerAction({
    request: post("/register", { intent: "register", ...stepTwo, terms: "on" }, draftCookie),
    params: {},
    context: {},
  });
  if (!(registered instanceof Response)) throw new Error(`Registration refused: ${JSON.stringify(registered)}`);
  expect(registered.headers.get("Location")).toBe("/email/verify");
  // As the verification link would: My Detail is for members with a verified e-mail.
  await getPrisma().member.update({ where: { email }, data: { emailVerifiedAt: new Date() } });
  return (registered.headers.get("Set-Cookie") ?? "").split(";")[0];
}

function profileOf(email: string) {
  return getPrisma().member.findUniqueOrThrow({
    where: { email },
    select: {
      firstName: true,
      lastName: true,
      gender: true,
      dob: true,
      country: true,
      state: true,
      city: true,
      pin: true,
      mobile: true,
    },
  });
}

const MEMBERS: [string, Registration][] = [
  [
    "18 today, apostrophe and hyphen, prefer not to say, a spaced PIN and a +91 phone",
    {
      fName: "Siobhán O'Brien",
      lName: "Anne-Marie",
      email: "eighteen@example.com",
      country: "IN",
      state: "a".repeat(100),
      city: "Hubballi-Dharwad",
      pin: "110 001",
      ...birthdayYearsAgo(18),
      gender: "prefer_not",
      mobile: "+91 98765 43210",
    },
  ],
  [
    "born on 29 February, 50-character Unicode names, leading zeros in the PIN, 15 digits",
    {
      fName: "Nguyễn Thị Minh Khai ".repeat(3).slice(0, 50),
      lName: "李小龍",
      email: "leapling@example.com",
      country: "VN",
      state: "Hà Nội",
      city: "Hoàn Kiếm",
      pin: "007",
      day: "29",
      month: "2",
      year: "2000",
      gender: "other",
      mobile: "1".repeat(15),
    },
  ],
  [
    "born in 1900, a lower-case postcode with spaces around, a blank phone",
    {
      fName: " Zoë ",
      lName: "D'Souza-Müller",
      email: "oldest@example.com",
      country: "GB",
      state: "Île-de-France",
      city: "Saint-Étienne",
      pin: " ec1a-1bb ",
      day: "01",
      month: "1",
      year: "1900",
      gender: "male",
      mobile: "   ",
    },
  ],
];

describe("a member who registered can save My Detail unchanged", () => {
  test.each(MEMBERS)("%s", async (_name, registration) => {
    const cookie = await registerMember(registration);
    const registered = await profileOf(registration.email);

    const page = await myDetailLoader({
      request: new Request(`${ORIGIN}/details/user?edit`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    });
    expect(page.editing).toBe(true);
    expect(page.genders.map((gender) => gender.value)).toContain(registered.gender);

    // Save, as the form posts it: every field with the value it was opened with.
    const saved = expectRedirect(
      await myDetailAction({ request: post("/details/user", page.values, cookie), params: {}, context: {} }),
    );
    expect(saved.headers.get("Location")).toBe("/details/user");
    const toastCookie = saved.headers.getSetCookie()[0].split(";")[0];
    const { toast } = await getToast(new Request(ORIGIN, { headers: { Cookie: toastCookie } }));
    expect(toast).toEqual({ type: "success", message: "Details Saved Successfully" });
    expect(await profileOf(registration.email)).toEqual(registered);
  });
});
