import { z } from "zod";
import { tr } from "~/i18n/mark";
import { plainText } from "~/lib/validation";

// A member's profile details, in one home: names, date of birth and the age rule, gender, country,
// state, city, PIN and phone. Registration (both steps) and My Detail check them with these rules,
// so every value one accepts the other accepts and a member who registered can always save My
// Detail unchanged (docs/decisions/040-member-profile-rules.md). Each screen keeps its own messages,
// which come from the specification; both sets are below. No server-only imports: registration
// also validates with these in the browser. The texts are marked with tr() and translated where
// they are shown (decision 074).

// ─── The messages of each screen ───

/** Register (steps 1 and 2). An empty required field is flagged 'Required'; the banner then says 'Required Fields'. */
export const REGISTRATION_MESSAGES = {
  required: tr("Required"),
  country: tr("Choose a country from the list."),
  pin: tr("Enter a valid ZIP / PIN code."),
  mobile: tr("Enter a valid phone number (digits only)."),
  gender: tr("Choose a gender."),
  day: tr("Enter a valid day."),
  month: tr("Choose a month."),
  year: tr("Enter Valid Year"),
  notADate: tr("Enter a valid date of birth."),
  underAge: tr("You must be at least 18 years old to register."),
} as const;

/** My Detail. */
export const MY_DETAIL_MESSAGES = {
  firstName: tr("Enter your first name"),
  state: tr("Enter your state"),
  city: tr("Enter your city"),
  pinRequired: tr("Enter your ZIP / PIN code"),
  pin: tr("Enter a valid ZIP / PIN code (3 to 10 letters or digits)"),
  pinTooLong: tr("Must be at most 10 characters."),
  mobile: tr("Enter a valid phone number (6 to 15 digits, optionally starting with +)"),
  country: tr("Select your country"),
  gender: tr("Select your gender"),
  day: tr("Enter a valid day"),
  month: tr("Select a month"),
  year: tr("Enter Valid Year"),
  notADate: tr("Enter a valid date of birth"),
  future: tr("The date of birth cannot be in the future"),
  underAge: tr("You must be at least 18 years old"),
} as const;

// ─── Names, state and city ───

export const NAME_MAX_LENGTH = 50;
export const PLACE_MAX_LENGTH = 100;

/** A first or last name: any letters (apostrophes, hyphens, every script), trimmed, at most 50 characters. */
export function nameField(required: string) {
  return requiredValue(plainText({ max: NAME_MAX_LENGTH, required }));
}

/** A last name where it may be left empty (a Google account may have none): empty is "", anything else is a name. */
export function optionalNameField() {
  const name = plainText({ max: NAME_MAX_LENGTH, required: "" });
  return z
    .string()
    .optional()
    .superRefine((value, context) => {
      if (value === undefined || value.trim() === "") return;
      for (const issue of name.safeParse(value).error?.issues ?? []) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: issue.message });
      }
    });
}

/** A state or region, or a city: trimmed, at most 100 characters. */
export function placeField(required: string) {
  return requiredValue(plainText({ max: PLACE_MAX_LENGTH, required }));
}

// ─── Country ───

/**
 * An ISO 3166-1 alpha-2 code of the country list, trimmed. The list lives on the server
 * (lib/countries.server.ts); the browser checks against the codes the page was sent.
 */
export function countryField(messages: { required: string; invalid: string }, isCountry: (code: string) => boolean) {
  return requiredValue(
    z
      .string({ required_error: messages.required })
      .trim()
      .superRefine((value, context) => {
        const message = value === "" ? messages.required : isCountry(value) ? null : messages.invalid;
        if (message) context.addIssue({ code: z.ZodIssueCode.custom, message });
      }),
  );
}

// ─── PIN and phone ───

/** 3 to 10 letters or digits, single spaces or hyphens between them (UK, Canadian, Dutch postcodes have letters). */
export const PIN_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9]|[ -](?=[A-Za-z0-9])){2,9}$/;
export const PIN_MAX_LENGTH = 10;
// Digits with an optional leading +, after the spaces and hyphens people type are removed.
const MOBILE_PATTERN = /^\+?\d{6,15}$/;
const MOBILE_MAX_TYPED = 30;

export function isPin(value: string): boolean {
  return PIN_PATTERN.test(value.trim());
}

/** The PIN as stored: trimmed, letters upper-cased. */
export function normalisePin(value: string): string {
  return value.trim().toUpperCase();
}

/** A phone number as typed is one when, without its spaces and hyphens, it is 6 to 15 digits (a leading + allowed). */
export function isMobile(typed: string): boolean {
  return typed.length <= MOBILE_MAX_TYPED && MOBILE_PATTERN.test(phoneDigits(typed.trim()));
}

/** The phone number as stored: without the spaces and hyphens people type. */
export function phoneDigits(typed: string): string {
  return typed.replace(/[\s-]/g, "");
}

/** The PIN field; `tooLong` is for a screen that names the length problem on its own (My Detail). */
export function pinField(messages: { required: string; invalid: string; tooLong?: string }) {
  return requiredValue(
    z
      .string({ required_error: messages.required })
      .trim()
      .superRefine((value, context) => {
        let message: string | null = null;
        if (value === "") message = messages.required;
        else if (messages.tooLong && value.length > PIN_MAX_LENGTH) message = messages.tooLong;
        else if (!isPin(value)) message = messages.invalid;
        if (message) context.addIssue({ code: z.ZodIssueCode.custom, message });
      }),
  );
}

/** The optional phone: blank (spaces only too) means none; anything else must be a phone number. */
export function mobileField(invalid: string) {
  return z
    .string()
    .optional()
    .refine((value) => value === undefined || value.trim() === "" || isMobile(value), invalid);
}

/** The phone as stored, or null for none. */
export function storedMobile(typed: string | undefined): string | null {
  return typed?.trim() ? phoneDigits(typed.trim()) : null;
}

// ─── Gender ───

/**
 * The codes stored (the database enum "Gender" has exactly these) and posted by both forms. The
 * spec writes the fourth 'prefer-not'; a Prisma enum value cannot hold a hyphen, so the one code is
 * prefer_not everywhere (decision 040).
 */
export const GENDER_CODES = ["male", "female", "other", "prefer_not"] as const;
export type GenderCode = (typeof GENDER_CODES)[number];

export const GENDER_LABELS: Record<GenderCode, string> = {
  male: tr("Male"),
  female: tr("Female"),
  other: tr("Other"),
  prefer_not: tr("Prefer not to say"),
};

export function isGenderCode(value: string): value is GenderCode {
  return (GENDER_CODES as readonly string[]).includes(value);
}

/** The gender field, accepting the codes the screen offers (every code unless told otherwise). */
export function genderField(
  messages: { required: string; invalid: string },
  offered: readonly string[] = GENDER_CODES,
) {
  return requiredValue(
    z.string({ required_error: messages.required }).superRefine((value, context) => {
      const message = value === "" ? messages.required : offered.includes(value) ? null : messages.invalid;
      if (message) context.addIssue({ code: z.ZodIssueCode.custom, message });
    }),
  );
}

// ─── Date of birth ───

export const MINIMUM_AGE = 18;
export const EARLIEST_BIRTH_YEAR = 1900;

const DAY_PATTERN = /^(?:0?[1-9]|[12]\d|3[01])$/;
const MONTH_PATTERN = /^(?:0?[1-9]|1[0-2])$/;
const YEAR_PATTERN = /^\d{4}$/;

export interface DateOfBirthParts {
  day: string;
  month: string;
  year: string;
}

/** 1 to 31, a leading zero allowed. */
export function isDayPart(value: string): boolean {
  return DAY_PATTERN.test(value.trim());
}

/** 1 to 12 (the month select's values), a leading zero allowed. */
export function isMonthPart(value: string): boolean {
  return MONTH_PATTERN.test(value.trim());
}

/** Four digits, 1900 or later (a year after this one is a date in the future: checkDateOfBirth). */
export function isYearPart(value: string): boolean {
  const year = value.trim();
  return YEAR_PATTERN.test(year) && Number(year) >= EARLIEST_BIRTH_YEAR;
}

/** A part of the date of birth: required, trimmed, with one message for both empty and wrong. */
export function dateOfBirthPartField(
  isPart: (value: string) => boolean,
  messages: { required: string; invalid: string },
) {
  return requiredValue(
    z.string({ required_error: messages.required }).superRefine((value, context) => {
      const message = value.trim() === "" ? messages.required : isPart(value) ? null : messages.invalid;
      if (message) context.addIssue({ code: z.ZodIssueCode.custom, message });
    }),
  );
}

/** The date at UTC midnight, or null when the parts make no calendar date (31 April, 29 February 2001). */
export function dateOfBirth({ day, month, year }: DateOfBirthParts): Date | null {
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return real ? date : null;
}

/** Whole years completed on `today` (UTC): the birthday itself counts (29 February turns over on 1 March). */
export function ageOn(dob: Date, today: Date): number {
  const years = today.getUTCFullYear() - dob.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < dob.getUTCMonth() ||
    (today.getUTCMonth() === dob.getUTCMonth() && today.getUTCDate() < dob.getUTCDate());
  return beforeBirthday ? years - 1 : years;
}

export type DateOfBirthCheck =
  { ok: true; dob: Date } | { ok: false; problem: "day" | "month" | "year" | "not-a-date" | "future" | "under-age" };

/**
 * The one date-of-birth rule: valid parts, a real calendar date, not after today and at least 18
 * years before it (the 18th birthday itself is accepted). Dates are compared in UTC.
 */
export function checkDateOfBirth(parts: DateOfBirthParts, today: Date): DateOfBirthCheck {
  if (!isDayPart(parts.day)) return { ok: false, problem: "day" };
  if (!isMonthPart(parts.month)) return { ok: false, problem: "month" };
  if (!isYearPart(parts.year)) return { ok: false, problem: "year" };
  const dob = dateOfBirth(parts);
  if (!dob) return { ok: false, problem: "not-a-date" };
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (dob.getTime() > todayUtc) return { ok: false, problem: "future" };
  if (ageOn(dob, today) < MINIMUM_AGE) return { ok: false, problem: "under-age" };
  return { ok: true, dob };
}

// ─── Shared glue ───

/**
 * A required field whose empty value gets the field's own message whether the form was parsed
 * with conform's coercion ("" arrives as undefined: registration) or without it (My Detail).
 */
function requiredValue<Schema extends z.ZodTypeAny>(schema: Schema) {
  return z.preprocess((value) => value ?? "", schema);
}

/** The month names of the date-of-birth pickers, January first (both forms post 1–12). */
export const MONTHS = [
  tr("January"),
  tr("February"),
  tr("March"),
  tr("April"),
  tr("May"),
  tr("June"),
  tr("July"),
  tr("August"),
  tr("September"),
  tr("October"),
  tr("November"),
  tr("December"),
] as const;
