import { parseWithZod } from "@conform-to/zod";
import type { TFunction } from "i18next";
import { z } from "zod";
import type { Gender, Member } from "~/generated/prisma/client";
import type { Formats } from "~/i18n/format";
import { countryName, isCountryCode } from "~/lib/countries.server";
import { getPrisma } from "~/lib/db.server";
import { raiseCountryChange, raiseSharedPhone } from "./identity-signals.server";
import {
  checkDateOfBirth,
  countryField,
  dateOfBirth,
  dateOfBirthPartField,
  GENDER_CODES,
  GENDER_LABELS,
  genderField,
  isDayPart,
  isMonthPart,
  isYearPart,
  mobileField,
  MY_DETAIL_MESSAGES,
  nameField,
  normalisePin,
  optionalNameField,
  pinField,
  placeField,
  storedMobile,
  type DateOfBirthCheck,
  type GenderCode,
} from "./member-profile-rules";

// My Detail: the member's own details (name, gender, date of birth, address, phone). The email is
// the sign-in identity and is not changed here. Every rule is checked on the server, with the
// profile rules registration uses too (member-profile-rules.ts); the spec asks for no client
// validation on this form beyond the required country.

// The database enum and the rules' codes are one list: this fails to compile when they part.
const SAME_GENDER_CODES: [Gender, GenderCode] extends [GenderCode, Gender] ? true : never = true;
void SAME_GENDER_CODES;

/**
 * My Detail offers male, female and other. A member who chose 'prefer not to say' at registration
 * keeps that choice, offered as a fourth option, until they change it.
 */
export function genderOptions(current: Gender | null): GenderCode[] {
  return GENDER_CODES.filter((code) => code !== "prefer_not" || current === "prefer_not");
}

export { GENDER_LABELS };

// Fields are only checked here; the values are shaped in the schema's final transform, because a
// transform on a refused field would stop zod before the checks across fields (date of birth).
function memberDetailsSchema(currentGender: Gender | null, today: Date) {
  const messages = MY_DETAIL_MESSAGES;
  const dobParts = {
    dobDay: dateOfBirthPartField(isDayPart, { required: messages.day, invalid: messages.day }),
    dobMonth: dateOfBirthPartField(isMonthPart, { required: messages.month, invalid: messages.month }),
    dobYear: dateOfBirthPartField(isYearPart, { required: messages.year, invalid: messages.year }),
  };
  return z
    .object({
      firstName: nameField(messages.firstName),
      lastName: optionalNameField(),
      gender: genderField({ required: messages.gender, invalid: messages.gender }, genderOptions(currentGender)),
      ...dobParts,
      country: countryField({ required: messages.country, invalid: messages.country }, isCountryCode),
      state: placeField(messages.state),
      city: placeField(messages.city),
      pin: pinField({ required: messages.pinRequired, invalid: messages.pin, tooLong: messages.pinTooLong }),
      mobile: mobileField(messages.mobile),
    })
    .superRefine((value, context) => {
      // A part with its own error already says what is wrong.
      const parts = Object.entries(dobParts) as [keyof typeof dobParts, (typeof dobParts)[keyof typeof dobParts]][];
      if (!parts.every(([name, part]) => part.safeParse(value[name]).success)) return;
      const issue = dateOfBirthIssue(Number(value.dobYear), Number(value.dobMonth), Number(value.dobDay), today);
      if (issue) context.addIssue({ code: z.ZodIssueCode.custom, path: [issue.path], message: issue.message });
    })
    .transform(({ dobDay, dobMonth, dobYear, gender, lastName, pin, mobile, ...rest }) => ({
      ...rest,
      gender: gender as GenderCode,
      lastName: lastName?.trim() ?? "",
      pin: normalisePin(pin),
      mobile: storedMobile(mobile),
      // Checked above: a real calendar date.
      dob: dateOfBirth({ day: dobDay, month: dobMonth, year: dobYear }) as Date,
    }));
}

export type MemberDetailsUpdate = z.output<ReturnType<typeof memberDetailsSchema>>;

/**
 * Parses a My Detail post. conform's coercion is off: it would turn "" back into a missing value,
 * and a missing value stops zod before the date-of-birth check, so a member would see that problem
 * only after fixing the others.
 */
export function parseMemberDetails(formData: FormData, member: Pick<Member, "gender">, today: Date = new Date()) {
  return parseWithZod(formData, { schema: memberDetailsSchema(member.gender, today), disableAutoCoercion: true });
}

/** Why a date of birth is refused (and which part to flag), or null: the profile rules' check, My Detail's words. */
export function dateOfBirthIssue(
  year: number,
  month: number,
  day: number,
  today: Date = new Date(),
): { path: "dobYear" | "dob"; message: string } | null {
  const check = checkDateOfBirth({ day: String(day), month: String(month), year: String(year) }, today);
  return check.ok ? null : DATE_OF_BIRTH_ISSUES[check.problem];
}

const DATE_OF_BIRTH_ISSUES: Record<
  Extract<DateOfBirthCheck, { ok: false }>["problem"],
  { path: "dobYear" | "dob"; message: string }
> = {
  day: { path: "dob", message: MY_DETAIL_MESSAGES.notADate },
  month: { path: "dob", message: MY_DETAIL_MESSAGES.notADate },
  year: { path: "dobYear", message: MY_DETAIL_MESSAGES.year },
  "not-a-date": { path: "dob", message: MY_DETAIL_MESSAGES.notADate },
  future: { path: "dob", message: MY_DETAIL_MESSAGES.future },
  "under-age": { path: "dob", message: MY_DETAIL_MESSAGES.underAge },
};

/**
 * Saves My Detail; a phone another member also gave raises shared_phone (decision 070), a new
 * country after earning points country_changed (decision 078). The row is locked first, so the
 * country it changes from is the one it really had.
 */
export async function saveMemberDetails(memberId: number, details: MemberDetailsUpdate): Promise<void> {
  await getPrisma().$transaction(async (tx) => {
    const [before] = await tx.$queryRaw<{ country: string | null }[]>`
      SELECT "country" FROM "Member" WHERE "id" = ${memberId} FOR UPDATE`;
    await tx.member.update({ where: { id: memberId }, data: details });
    await raiseSharedPhone(tx, memberId, details.mobile);
    if (before?.country && before.country !== details.country) {
      await raiseCountryChange(tx, memberId, before.country, details.country);
    }
  });
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

/** The read-only view's lines, in the spec's order and wording, in the page's language. */
export function memberDetailsView(member: Member, t: TFunction, formats: Formats): { label: string; value: string }[] {
  return [
    { label: t("Name"), value: `${member.firstName} ${member.lastName}`.trim() },
    { label: t("Email"), value: member.email },
    { label: t("Gender"), value: member.gender ? t(GENDER_LABELS[member.gender]) : "" },
    { label: t("Date Of Birth"), value: member.dob ? formats.date(member.dob) : "" },
    { label: t("Country"), value: countryName(member.country, formats.language) },
    { label: t("State"), value: member.state ?? "" },
    { label: t("City"), value: member.city ?? "" },
    { label: t("ZIP / PIN Code"), value: member.pin ?? "" },
    { label: t("Phone / Mobile"), value: member.mobile ?? "" },
  ];
}
