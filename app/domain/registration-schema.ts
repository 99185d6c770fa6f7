import { z } from "zod";
import { emailAddress, passwordText, plainText } from "~/lib/validation";
import { isMobile, isPin, normalisePin, phoneDigits } from "./member-detail-rules";

// The two steps of Register, declared once: the action parses with them (adding the checks only the
// server can make) and the page validates with them in the browser. No server-only imports here.

// The spec's messages, word for word.
export const REQUIRED_FIELDS = "Required Fields";
export const PASSWORD_MISMATCH = "Password do not match";
export const ENTER_VALID_YEAR = "Enter Valid Year";
export const INVALID_FIELD_DATA = "Invalid field Data";

/** The field-level flag of an empty required field; the banner then says 'Required Fields'. */
export const REQUIRED = "Required";
export const UNDER_AGE = "You must be at least 18 years old to register.";
export const MINIMUM_AGE = 18;
export const EARLIEST_BIRTH_YEAR = 1900;
/** The same minimum as the server's password policy, so the browser can say it before posting. */
export const PASSWORD_MIN_LENGTH = 8;

export const GENDERS = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "other", label: "Other" },
  { value: "prefer-not", label: "Prefer not to say" },
] as const;

export const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
] as const;


export interface StepOneChecks {
  /** The server's full password policy; the browser only checks the length. */
  passwordIssue?: (password: string) => string | null;
}

export function stepOneSchema({ passwordIssue = browserPasswordIssue }: StepOneChecks = {}) {
  return z
    .object({
      fName: plainText({ max: 50, required: REQUIRED }),
      lName: plainText({ max: 50, required: REQUIRED }),
      email: emailAddress({ required: REQUIRED, invalid: "Enter a valid email address." }),
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
  return value.length < PASSWORD_MIN_LENGTH ? `The password must be at least ${PASSWORD_MIN_LENGTH} characters.` : null;
}

export interface StepTwoChecks {
  /** The day the member registers (UTC); the age and the year are checked against it. */
  today: Date;
  isCountry: (code: string) => boolean;
}

export function stepTwoSchema({ today, isCountry }: StepTwoChecks) {
  const thisYear = today.getUTCFullYear();
  // One check each, so a bad value gets one message.
  const dayPart = z
    .string({ required_error: REQUIRED })
    .refine((value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 31, "Enter a valid day.");
  const monthPart = z.string({ required_error: REQUIRED }).regex(/^(?:[1-9]|1[0-2])$/, "Choose a month.");
  const yearPart = z
    .string({ required_error: REQUIRED })
    .refine(
      (value) => /^\d{4}$/.test(value) && Number(value) >= EARLIEST_BIRTH_YEAR && Number(value) <= thisYear,
      ENTER_VALID_YEAR,
    );
  return z
    .object({
      country: z.string({ required_error: REQUIRED }).refine(isCountry, "Choose a country from the list."),
      state: plainText({ max: 100, required: REQUIRED }),
      city: plainText({ max: 100, required: REQUIRED }),
      // The same rule as My Detail's (member-detail-rules.ts), with Register's own message.
      pin: z
        .string({ required_error: REQUIRED })
        .trim()
        .refine(isPin, "Enter a valid ZIP / PIN code.")
        .transform(normalisePin),
      day: dayPart,
      month: monthPart,
      year: yearPart,
      gender: z.enum(["male", "female", "other", "prefer-not"], {
        errorMap: (_issue, context) => ({ message: context.data === undefined ? REQUIRED : "Choose a gender." }),
      }),
      mobile: z
        .string()
        .trim()
        .refine(isMobile, "Enter a valid phone number (digits only).")
        .transform(phoneDigits)
        .optional(),
    })
    .superRefine((value, context) => {
      // zod runs this even when a part failed its own check; the date is judged from valid parts only.
      const partsValid = [
        dayPart.safeParse(value.day),
        monthPart.safeParse(value.month),
        yearPart.safeParse(value.year),
      ].every((part) => part.success);
      if (!partsValid) return;
      const dob = dateOfBirth(value);
      if (!dob) {
        context.addIssue({ code: z.ZodIssueCode.custom, path: ["dob"], message: "Enter a valid date of birth." });
      } else if (ageOn(dob, today) < MINIMUM_AGE) {
        context.addIssue({ code: z.ZodIssueCode.custom, path: ["dob"], message: UNDER_AGE });
      }
    })
    .transform(({ day, month, year, ...rest }) => ({
      ...rest,
      // Checked just above: a real calendar date.
      dob: dateOfBirth({ day, month, year }) as Date,
    }));
}

/** The date at UTC midnight, or null when the parts make no calendar date (31 April). */
export function dateOfBirth({ day, month, year }: { day: string; month: string; year: string }): Date | null {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const real =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  return real ? date : null;
}

/** Whole years completed on `today`: the birthday itself counts (29 February turns over on 1 March). */
export function ageOn(dob: Date, today: Date): number {
  const years = today.getUTCFullYear() - dob.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < dob.getUTCMonth() ||
    (today.getUTCMonth() === dob.getUTCMonth() && today.getUTCDate() < dob.getUTCDate());
  return beforeBirthday ? years - 1 : years;
}

/** Names a field with an error in the banner; the three date inputs are the spec's dob. */
const BANNER_NAME: Record<string, string> = { day: "dob", month: "dob", year: "dob" };

/**
 * The message at the top of the form, from the field errors: the spec's 'Required Fields',
 * 'Password do not match', 'Enter Valid Year', or 'Invalid field Data: …' with the fields' names.
 * A form-level error (rate limit, expired draft) comes first.
 */
export function registrationBanner(errors: Record<string, string[] | null | undefined>): string | null {
  const formError = errors[""]?.[0];
  if (formError) return formError;
  const invalid = Object.entries(errors).filter(
    (entry): entry is [string, string[]] => entry[0] !== "" && Boolean(entry[1]?.length),
  );
  if (invalid.length === 0) return null;
  if (invalid.some(([, messages]) => messages.includes(REQUIRED))) return REQUIRED_FIELDS;
  if (errors.password_confirmation?.includes(PASSWORD_MISMATCH)) return PASSWORD_MISMATCH;
  if (errors.year?.includes(ENTER_VALID_YEAR)) return ENTER_VALID_YEAR;
  const names = [...new Set(invalid.map(([name]) => BANNER_NAME[name] ?? name))];
  return `${INVALID_FIELD_DATA}: ${names.join(", ")}`;
}
