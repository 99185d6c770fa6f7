import { z } from "zod";
import { tr } from "~/i18n/mark";
import { emailAddress, passwordText } from "~/lib/validation";
import * as rules from "./member-profile-rules";
import { termsAgreementField } from "./terms-agreement";

// The two steps of Register, declared once: the action parses with them (adding the checks only the
// server can make) and the page validates with them in the browser. No server-only imports here.
// The member's details follow the profile rules My Detail uses too (member-profile-rules.ts).

// The spec's messages, word for word; the page shows them in the member's language (decision 074).
export const REQUIRED_FIELDS = tr("Required Fields");
export const PASSWORD_MISMATCH = tr("Password do not match");
export const ENTER_VALID_YEAR = rules.REGISTRATION_MESSAGES.year;
const INVALID_FIELD_DATA = tr("Invalid field Data: {{fields}}");

/** The field-level flag of an empty required field; the banner then says 'Required Fields'. */
export const REQUIRED = rules.REGISTRATION_MESSAGES.required;
export const UNDER_AGE = rules.REGISTRATION_MESSAGES.underAge;
/** The same minimum as the server's password policy, so the browser can say it before posting. */
export const PASSWORD_MIN_LENGTH = 8;

export const GENDERS = rules.GENDER_CODES.map((value) => ({ value, label: rules.GENDER_LABELS[value] }));

export const MONTHS = rules.MONTHS;

export interface StepOneChecks {
  /** The server's full password policy; the browser only checks the length. */
  passwordIssue?: (password: string) => string | null;
}

export function stepOneSchema({ passwordIssue = browserPasswordIssue }: StepOneChecks = {}) {
  return z
    .object({
      fName: rules.nameField(REQUIRED),
      lName: rules.nameField(REQUIRED),
      email: emailAddress({ required: REQUIRED, invalid: tr("Enter a valid email address.") }),
      password: passwordText({ required: REQUIRED }).superRefine((value, context) => {
        const issue = passwordIssue(value);
        if (issue) context.addIssue({ code: z.ZodIssueCode.custom, message: issue });
      }),
      password_confirmation: passwordText({ required: REQUIRED }),
    })
    .superRefine((value, context) => {
      if (value.password !== value.password_confirmation) {
        context.addIssue({ code: z.ZodIssueCode.custom, path: ["password_confirmation"], message: PASSWORD_MISMATCH });
      }
    });
}

export type StepOneInput = z.input<ReturnType<typeof stepOneSchema>>;

function browserPasswordIssue(value: string): string | null {
  // The server's own wording (passwords.server.ts), a fixed text so that the page can translate it.
  return value.length < PASSWORD_MIN_LENGTH ? tr("The password must be at least 8 characters.") : null;
}

export interface StepTwoChecks {
  /** The day the member registers (UTC); the age and the year are checked against it. */
  today: Date;
  isCountry: (code: string) => boolean;
}

export function stepTwoSchema({ today, isCountry }: StepTwoChecks) {
  const messages = rules.REGISTRATION_MESSAGES;
  const thisYear = today.getUTCFullYear();
  // One check each, so a bad value gets one message. The spec caps the year at this one.
  const dayPart = rules.dateOfBirthPartField(rules.isDayPart, { required: REQUIRED, invalid: messages.day });
  const monthPart = rules.dateOfBirthPartField(rules.isMonthPart, { required: REQUIRED, invalid: messages.month });
  const yearPart = rules.dateOfBirthPartField((value) => rules.isYearPart(value) && Number(value) <= thisYear, {
    required: REQUIRED,
    invalid: ENTER_VALID_YEAR,
  });
  return z
    .object({
      country: rules.countryField({ required: REQUIRED, invalid: messages.country }, isCountry),
      state: rules.placeField(REQUIRED),
      city: rules.placeField(REQUIRED),
      pin: rules.pinField({ required: REQUIRED, invalid: messages.pin }),
      day: dayPart,
      month: monthPart,
      year: yearPart,
      gender: rules.genderField({ required: REQUIRED, invalid: messages.gender }),
      mobile: rules.mobileField(messages.mobile),
      // The terms and privacy links sit beside the box; the agreement is recorded with the account.
      terms: termsAgreementField,
    })
    .superRefine((value, context) => {
      // zod runs this even when a part failed its own check; the date is judged from valid parts only.
      const partsValid = [
        dayPart.safeParse(value.day),
        monthPart.safeParse(value.month),
        yearPart.safeParse(value.year),
      ].every((part) => part.success);
      if (!partsValid) return;
      const check = rules.checkDateOfBirth(value, today);
      if (check.ok) return;
      // With the year capped at this one, a date still to come is one under 18.
      const message = check.problem === "not-a-date" ? messages.notADate : UNDER_AGE;
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["dob"], message });
    })
    .transform(({ day, month, year, gender, pin, mobile, terms: _agreed, ...rest }) => ({
      ...rest,
      gender: gender as rules.GenderCode,
      pin: rules.normalisePin(pin),
      mobile: rules.storedMobile(mobile),
      // Checked just above: a real calendar date.
      dob: rules.dateOfBirth({ day, month, year }) as Date,
    }));
}

/**
 * Names a field with an error in the banner: the spec names the fields by their codes (the three
 * date inputs are its dob), which English shows as they are and Hindi as the fields' names.
 */
const BANNER_NAME: Record<string, string> = {
  fName: tr("fName"),
  lName: tr("lName"),
  email: tr("email"),
  password: tr("password"),
  password_confirmation: tr("password_confirmation"),
  country: tr("country"),
  state: tr("state"),
  city: tr("city"),
  pin: tr("pin"),
  day: tr("dob"),
  month: tr("dob"),
  year: tr("dob"),
  gender: tr("gender"),
  mobile: tr("mobile"),
};

/** A translate function; the default gives the English text with its values in place. */
export type Translate = (text: string, values?: Record<string, string>) => string;

const english: Translate = (text, values = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * The message at the top of the form, from the field errors: the spec's 'Required Fields',
 * 'Password do not match', 'Enter Valid Year', or 'Invalid field Data: …' with the fields' names.
 * A form-level error (rate limit, expired draft) comes first. The page passes its `t` to show it in
 * the member's language.
 */
export function registrationBanner(
  errors: Record<string, string[] | null | undefined>,
  t: Translate = english,
): string | null {
  const formError = errors[""]?.[0];
  if (formError) return t(formError);
  const invalid = Object.entries(errors).filter(
    (entry): entry is [string, string[]] => entry[0] !== "" && Boolean(entry[1]?.length),
  );
  if (invalid.length === 0) return null;
  if (invalid.some(([, messages]) => messages.includes(REQUIRED))) return t(REQUIRED_FIELDS);
  if (errors.password_confirmation?.includes(PASSWORD_MISMATCH)) return t(PASSWORD_MISMATCH);
  if (errors.year?.includes(ENTER_VALID_YEAR)) return t(ENTER_VALID_YEAR);
  // An unticked terms box is no field of invalid data: its own message stands beside it, and in the
  // banner when it is the only thing missing.
  const fields = invalid.filter(([name]) => name !== "terms");
  if (fields.length === 0) return t(invalid[0][1][0]);
  const names = [...new Set(fields.map(([name]) => BANNER_NAME[name] ?? name))];
  return t(INVALID_FIELD_DATA, { fields: names.map((name) => t(name)).join(", ") });
}
