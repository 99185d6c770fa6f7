import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import type { Gender, Member } from "~/generated/prisma/client";
import { countryName, isCountryCode } from "~/lib/countries.server";
import { getPrisma } from "~/lib/db.server";
import { plainText } from "~/lib/validation";
import { isMobile, isPin, normalisePin, phoneDigits } from "./member-detail-rules";

// My Detail: the member's own details (name, gender, date of birth, address, phone). The email is
// the sign-in identity and is not changed here. Every rule is checked on the server; the spec asks
// for no client validation on this form beyond the required country.

const MINIMUM_AGE = 18;
const OLDEST_YEAR = 1900;

export const GENDER_LABELS: Record<Gender, string> = {
  male: "Male",
  female: "Female",
  other: "Other",
  prefer_not: "Prefer not to say",
};

/**
 * My Detail offers male, female and other. A member who chose 'prefer not to say' at registration
 * keeps that choice, offered as a fourth option, until they change it.
 */
export function genderOptions(current: Gender | null): Gender[] {
  return current === "prefer_not" ? ["male", "female", "other", "prefer_not"] : ["male", "female", "other"];
}

// Letters and digits, with single spaces or hyphens inside (UK, Canadian and US ZIP+4 codes).

// Fields are only checked here; the values are shaped in the schema's final transform, because a
// transform on a refused field would stop zod before the checks across fields (date of birth).

// An optional text: empty is stored as "", anything else follows the same rules as a required one.
function optionalText(max: number) {
  const rules = plainText({ max, required: "" });
  return z
    .string()
    .optional()
    .superRefine((value, context) => {
      if (value === undefined || value.trim() === "") return;
      const result = rules.safeParse(value);
      for (const issue of result.error?.issues ?? []) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: issue.message });
      }
    });
}

const DAY_PATTERN = /^(0?[1-9]|[12]\d|3[01])$/;
const MONTH_PATTERN = /^(0?[1-9]|1[0-2])$/;
const YEAR_PATTERN = /^\d{4}$/;

/** A required field: a missing one is checked as "", so its message is the field's own. */
function required<Schema extends z.ZodTypeAny>(schema: Schema) {
  return z.preprocess((value) => value ?? "", schema);
}

function dateOfBirthPart(message: string, pattern: RegExp) {
  return required(z.string().trim().regex(pattern, message));
}

function memberDetailsSchema(currentGender: Gender | null) {
  const genders: string[] = genderOptions(currentGender);
  const phoneMessage = "Enter a valid phone number (6 to 15 digits, optionally starting with +)";
  return z
    .object({
      firstName: required(plainText({ max: 50, required: "Enter your first name" })),
      lastName: optionalText(50),
      gender: required(z.string().refine((value) => genders.includes(value), "Select your gender")),
      dobDay: dateOfBirthPart("Enter a valid day", DAY_PATTERN),
      dobMonth: dateOfBirthPart("Select a month", MONTH_PATTERN),
      dobYear: dateOfBirthPart("Enter Valid Year", YEAR_PATTERN),
      country: required(z.string().trim().refine(isCountryCode, "Select your country")),
      state: required(plainText({ max: 100, required: "Enter your state" })),
      city: required(plainText({ max: 100, required: "Enter your city" })),
      pin: required(
        plainText({ max: 10, required: "Enter your ZIP / PIN code" }).refine(
          (value) => value === "" || isPin(value),
          "Enter a valid ZIP / PIN code (3 to 10 letters or digits)",
        ),
      ),
      mobile: z
        .string()
        .optional()
        .refine(
          (value) => !value?.trim() || isMobile(value),
          phoneMessage,
        ),
    })
    .superRefine((value, context) => {
      // A part with its own error already says what is wrong.
      const parts = [value.dobDay, value.dobMonth, value.dobYear];
      if (![DAY_PATTERN, MONTH_PATTERN, YEAR_PATTERN].every((pattern, index) => pattern.test(parts[index]))) return;
      const issue = dateOfBirthIssue(Number(value.dobYear), Number(value.dobMonth), Number(value.dobDay));
      if (issue) context.addIssue({ code: z.ZodIssueCode.custom, path: [issue.path], message: issue.message });
    })
    .transform(({ dobDay, dobMonth, dobYear, gender, lastName, pin, mobile, ...rest }) => ({
      ...rest,
      gender: gender as Gender,
      lastName: lastName?.trim() ?? "",
      pin: normalisePin(pin),
      mobile: mobile?.trim() ? phoneDigits(mobile) : null,
      dob: new Date(Date.UTC(Number(dobYear), Number(dobMonth) - 1, Number(dobDay))),
    }));
}

export type MemberDetailsUpdate = z.output<ReturnType<typeof memberDetailsSchema>>;

/**
 * Parses a My Detail post. conform's coercion is off: it would turn "" back into a missing value,
 * and a missing value stops zod before the date-of-birth check, so a member would see that problem
 * only after fixing the others.
 */
export function parseMemberDetails(formData: FormData, member: Pick<Member, "gender">) {
  return parseWithZod(formData, { schema: memberDetailsSchema(member.gender), disableAutoCoercion: true });
}

/** Why a date of birth is refused (and which part to flag), or null. Dates are compared in UTC. */
export function dateOfBirthIssue(
  year: number,
  month: number,
  day: number,
  today: Date = new Date(),
): { path: "dobYear" | "dob"; message: string } | null {
  if (year < OLDEST_YEAR) return { path: "dobYear", message: "Enter Valid Year" };
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return { path: "dob", message: "Enter a valid date of birth" };
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() > todayUtc) return { path: "dob", message: "The date of birth cannot be in the future" };
  const adulthood = Date.UTC(year + MINIMUM_AGE, month - 1, day);
  if (adulthood > todayUtc) return { path: "dob", message: `You must be at least ${MINIMUM_AGE} years old` };
  return null;
}

export async function saveMemberDetails(memberId: number, details: MemberDetailsUpdate): Promise<void> {
  await getPrisma().member.update({ where: { id: memberId }, data: details });
}

/** The values the form starts from: the stored details as the strings the controls hold. */
export function memberDetailsFormValues(member: Member) {
  const dob = member.dob;
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    gender: member.gender ?? "",
    dobDay: dob ? String(dob.getUTCDate()) : "",
    dobMonth: dob ? String(dob.getUTCMonth() + 1) : "",
    dobYear: dob ? String(dob.getUTCFullYear()) : "",
    country: member.country ?? "",
    state: member.state ?? "",
    city: member.city ?? "",
    pin: member.pin ?? "",
    mobile: member.mobile ?? "",
  };
}

/** The read-only view's lines, in the spec's order and wording. */
export function memberDetailsView(member: Member): { label: string; value: string }[] {
  return [
    { label: "Name", value: `${member.firstName} ${member.lastName}`.trim() },
    { label: "Email", value: member.email },
    { label: "Gender", value: member.gender ? GENDER_LABELS[member.gender] : "" },
    { label: "Date Of Birth", value: member.dob ? formatDateOfBirth(member.dob) : "" },
    { label: "Country", value: countryName(member.country) },
    { label: "State", value: member.state ?? "" },
    { label: "City", value: member.city ?? "" },
    { label: "ZIP / PIN Code", value: member.pin ?? "" },
    { label: "Phone / Mobile", value: member.mobile ?? "" },
  ];
}

function formatDateOfBirth(dob: Date): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    dob,
  );
}
