import { z } from "zod";
import { plainText } from "~/lib/validation";
import { MAX_ID, parseId } from "~/lib/ids";

// What the survey create and edit pages share between the server and the browser: the form's
// schema (the action parses with it, the page validates with it), the slug rule and the public path
// of a hosted survey. No server-only imports here. See docs/decisions/020-survey-catalogue.md.

export const MAX_NAME_LENGTH = 150;
export const MAX_SLUG_LENGTH = 80;
/** The raw description as posted, before sanitising; a survey card needs far less. */
export const MAX_DESCRIPTION_LENGTH = 20_000;
export const MAX_POINTS = 1_000_000;
export const MIN_LENGTH_MINUTES = 1;
export const MAX_LENGTH_MINUTES = 600;
export const MAX_QUOTA = 10_000_000;
export const MAX_EXTERNAL_URL_LENGTH = 2000;
/** The placeholder of an external URL template that becomes the assignment's respondent token. */
export const TOKEN_PLACEHOLDER = "{token}";

export const SURVEY_DELIVERIES = ["hosted", "external"] as const;
export type SurveyDeliveryChoice = (typeof SURVEY_DELIVERIES)[number];

export const SURVEY_MESSAGES = {
  nameRequired: "Enter the survey's name.",
  slugFormat: "Use lowercase letters a-z, digits and single hyphens between them.",
  slugTooLong: `Use at most ${MAX_SLUG_LENGTH} characters.`,
  slugTaken: "Another survey already uses this slug. Choose another one.",
  generatedSlugTaken: "Another survey took the slug made from this name a moment ago. Save again, or enter a slug.",
  descriptionTooLong: `Use at most ${MAX_DESCRIPTION_LENGTH.toLocaleString("en-US")} characters.`,
  badCharacters: "Contains characters that are not allowed.",
  categoryRequired: "Choose a category.",
  pointsRequired: "Enter the points for a complete.",
  pointsWhole: "Enter a whole number of points.",
  pointsRange: `Enter points from 0 to ${MAX_POINTS.toLocaleString("en-US")}.`,
  lengthRequired: "Enter the length in minutes.",
  lengthWhole: "Enter a whole number of minutes.",
  lengthRange: `Enter a length from ${MIN_LENGTH_MINUTES} to ${MAX_LENGTH_MINUTES} minutes.`,
  screenerUnknown: "Choose a screener from the list.",
  quotaWhole: "Enter a whole number of completes, or leave it empty for no quota.",
  quotaRange: `Enter a quota from 1 to ${MAX_QUOTA.toLocaleString("en-US")}, or leave it empty for no quota.`,
  countryUnknown: "Choose a country from the list, or 'Any country'.",
  deliveryRequired: "Choose how the survey is delivered.",
  questionnaireRequired: "Choose the questionnaire members answer.",
  questionnaireUnknown: "Choose a hosted survey questionnaire from the list.",
  questionnaireUsed: "Another survey already uses this questionnaire. Build a new one for this survey.",
  externalUrlRequired: "Enter the survey's URL.",
  externalUrlInvalid: "Enter a full http:// or https:// address.",
  externalUrlToken: `Put ${TOKEN_PLACEHOLDER} where the vendor expects the respondent token.`,
  externalUrlTooLong: `Use at most ${MAX_EXTERNAL_URL_LENGTH.toLocaleString("en-US")} characters.`,
  requireCallbackInvalid: "Tick the box, or leave it empty.",
  // Screen-out compensation (decision 063).
  screenOutPointsWhole: "Enter a whole number of points, or 0 for no compensation.",
  screenOutPointsRange: (points: number) =>
    `Enter compensation from 0 to ${maxScreenOutPoints(points).toLocaleString("en-US")} points: at most a fifth of the ${points.toLocaleString("en-US")} points of a complete.`,
  // Survey close (decision 062).
  closesAtInvalid: "Enter the close date as a date and time, e.g. 2026-12-31 18:00, or leave it empty.",
  closesAtPast: "The close date has passed. Choose a date and time in the future, or leave it empty.",
  closeWhenQuotaFullInvalid: "Tick the box, or leave it empty.",
  closeWhenQuotaFullNeedsQuota: "Enter a quota of completes to close the survey when it is full, or untick the box.",
} as const;

// ——— Screen-out compensation (decision 063) ———

/** A screen-out's compensation is at most this fraction of the reward for a complete. */
export const SCREEN_OUT_POINTS_FRACTION = 1 / 5;

/** The most screen-out compensation a reward of `points` allows: a fifth of it, rounded down. */
export function maxScreenOutPoints(points: number): number {
  return Math.floor(points * SCREEN_OUT_POINTS_FRACTION);
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// As plainText, but a description may hold tabs and line breaks.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNWANTED_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNWANTED_IN_URL = /[\u0000-\u0020\u007F-\u009F\uFFFD]/;

/**
 * The slug a name suggests: lowercase ASCII letters and digits joined by single hyphens, accents
 * folded ("Café" → "cafe"), at most 80 characters; "" when nothing of the name is usable.
 */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, "");
}

/** Where members take a hosted survey (the SurveyPublic route). */
export function hostedSurveyPath(slug: string): string {
  return `/view/survey/${slug}`;
}

/**
 * Whether a value from a URL can be a survey's slug. Anything else names no survey and is never
 * looked up: PostgreSQL refuses a NUL in text, which would turn a crafted address into a 500.
 */
export function isSurveySlug(value: string): boolean {
  return value.length <= MAX_SLUG_LENGTH && SLUG.test(value);
}

/** The problem with an external URL template, or null when it is usable. */
export function externalUrlIssue(value: string | undefined): string | null {
  if (!value) return SURVEY_MESSAGES.externalUrlRequired;
  if (value.length > MAX_EXTERNAL_URL_LENGTH) return SURVEY_MESSAGES.externalUrlTooLong;
  if (UNWANTED_IN_URL.test(value)) return SURVEY_MESSAGES.externalUrlInvalid;
  let url: URL;
  try {
    url = new URL(value.replaceAll(TOKEN_PLACEHOLDER, "token"));
  } catch {
    return SURVEY_MESSAGES.externalUrlInvalid;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") {
    return SURVEY_MESSAGES.externalUrlInvalid;
  }
  return value.includes(TOKEN_PLACEHOLDER) ? null : SURVEY_MESSAGES.externalUrlToken;
}

const wholeNumber = (messages: { required?: string; whole: string }) =>
  z.number({ required_error: messages.required, invalid_type_error: messages.whole }).int(messages.whole);

const fields = z.object({
  name: plainText({ max: MAX_NAME_LENGTH, required: SURVEY_MESSAGES.nameRequired }),
  // Empty: made from the name on the server.
  slug: z
    .string()
    .trim()
    .max(MAX_SLUG_LENGTH, SURVEY_MESSAGES.slugTooLong)
    .regex(SLUG, SURVEY_MESSAGES.slugFormat)
    .optional(),
  description: z
    .string()
    .max(MAX_DESCRIPTION_LENGTH, SURVEY_MESSAGES.descriptionTooLong)
    .refine((value) => !UNWANTED_IN_TEXT.test(value), SURVEY_MESSAGES.badCharacters)
    .optional(),
  categoryId: z
    .number({ required_error: SURVEY_MESSAGES.categoryRequired, invalid_type_error: SURVEY_MESSAGES.categoryRequired })
    .int(SURVEY_MESSAGES.categoryRequired)
    .positive(SURVEY_MESSAGES.categoryRequired)
    .max(MAX_ID, SURVEY_MESSAGES.categoryRequired),
  points: wholeNumber({ required: SURVEY_MESSAGES.pointsRequired, whole: SURVEY_MESSAGES.pointsWhole })
    .min(0, SURVEY_MESSAGES.pointsRange)
    .max(MAX_POINTS, SURVEY_MESSAGES.pointsRange),
  lengthMinutes: wholeNumber({ required: SURVEY_MESSAGES.lengthRequired, whole: SURVEY_MESSAGES.lengthWhole })
    .min(MIN_LENGTH_MINUTES, SURVEY_MESSAGES.lengthRange)
    .max(MAX_LENGTH_MINUTES, SURVEY_MESSAGES.lengthRange),
  screenerId: wholeNumber({ whole: SURVEY_MESSAGES.screenerUnknown })
    .positive(SURVEY_MESSAGES.screenerUnknown)
    .max(MAX_ID, SURVEY_MESSAGES.screenerUnknown)
    .optional(),
  quota: wholeNumber({ whole: SURVEY_MESSAGES.quotaWhole })
    .min(1, SURVEY_MESSAGES.quotaRange)
    .max(MAX_QUOTA, SURVEY_MESSAGES.quotaRange)
    .optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, SURVEY_MESSAGES.countryUnknown)
    .optional(),
  delivery: z.enum(SURVEY_DELIVERIES, {
    required_error: SURVEY_MESSAGES.deliveryRequired,
    invalid_type_error: SURVEY_MESSAGES.deliveryRequired,
  }),
  // Checked against the delivery below; the field of the other delivery is ignored.
  questionnaireId: z.unknown().optional(),
  externalUrl: z.unknown().optional(),
  // External delivery only (decision 060): a complete counts once the vendor's server confirms it.
  requireCallback: z.boolean({ invalid_type_error: SURVEY_MESSAGES.requireCallbackInvalid }).optional(),
  // Screen-out compensation (decision 063): empty is 0; its bound against the points is checked below.
  screenOutPoints: wholeNumber({ whole: SURVEY_MESSAGES.screenOutPointsWhole })
    .min(0, SURVEY_MESSAGES.screenOutPointsWhole)
    .max(MAX_POINTS, SURVEY_MESSAGES.screenOutPointsWhole)
    .optional(),
  // Survey close (decision 062): a moment in UTC (a datetime-local value, read as UTC) and a box.
  // A close date in the past is refused by the server when it is new (surveyCloseIssue), so an
  // edit of a survey whose close date has passed can still be saved.
  closesAt: z
    .string()
    .refine((value) => parseCloseDate(value) !== null, SURVEY_MESSAGES.closesAtInvalid)
    .optional(),
  closeWhenQuotaFull: z.boolean({ invalid_type_error: SURVEY_MESSAGES.closeWhenQuotaFullInvalid }).optional(),
});

// A space for the T too: a browser without a datetime-local input shows a text box.
const CLOSE_DATE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A close date as the form posts it (YYYY-MM-DDTHH:MM, seconds optional), read as UTC; null when not one. */
export function parseCloseDate(value: string): Date | null {
  const match = CLOSE_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 31 February over into March: such a date is refused rather than moved.
  const same =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24;
  return same && minute < 60 && second < 60 && year >= 2000 ? date : null;
}

/** A close date as the form shows it: YYYY-MM-DDTHH:MM in UTC, the value of a datetime-local input. */
export function closeDateValue(date: Date | null): string {
  return date === null ? "" : date.toISOString().slice(0, 16);
}

/**
 * The create and edit form. The delivery's own field is checked in a preprocess rather than an
 * object refinement, which would run only once every other field is valid: the admin sees every
 * problem of the form at once. The output keeps only the chosen delivery's field.
 */
export const surveySchema = z
  .preprocess((raw, context) => {
    if (!raw || typeof raw !== "object") return raw;
    const { delivery, questionnaireId, externalUrl, points, screenOutPoints, closeWhenQuotaFull, quota } =
      raw as Record<string, unknown>;
    const compensationIssue = screenOutPointsIssue(points, screenOutPoints);
    if (compensationIssue) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["screenOutPoints"], message: compensationIssue });
    }
    if ((closeWhenQuotaFull === "on" || closeWhenQuotaFull === true) && (quota === undefined || quota === "")) {
      const message = SURVEY_MESSAGES.closeWhenQuotaFullNeedsQuota;
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["closeWhenQuotaFull"], message });
    }
    if (delivery === "hosted") {
      const valid = parseId(questionnaireId) !== null;
      if (!valid) {
        const empty = questionnaireId === undefined || questionnaireId === "";
        const message = empty ? SURVEY_MESSAGES.questionnaireRequired : SURVEY_MESSAGES.questionnaireUnknown;
        context.addIssue({ code: z.ZodIssueCode.custom, path: ["questionnaireId"], message });
      }
    } else if (delivery === "external") {
      const issue = externalUrlIssue(typeof externalUrl === "string" ? externalUrl.trim() : undefined);
      if (issue) context.addIssue({ code: z.ZodIssueCode.custom, path: ["externalUrl"], message: issue });
    }
    return raw;
  }, fields)
  .transform(
    ({ questionnaireId, externalUrl, requireCallback, screenOutPoints, closesAt, closeWhenQuotaFull, ...rest }) => ({
      ...rest,
      screenOutPoints: screenOutPoints ?? 0,
      closesAt: closesAt ? parseCloseDate(closesAt) : null,
      closeWhenQuotaFull: closeWhenQuotaFull === true,
      questionnaireId: rest.delivery === "hosted" ? Number(questionnaireId) : null,
      externalUrl: rest.delivery === "external" ? String(externalUrl).trim() : null,
      requireCallback: rest.delivery === "external" && requireCallback === true,
    }),
  );

export type SurveyInput = z.output<typeof surveySchema>;

/**
 * The compensation's bound against the points of a complete, on the values as posted (strings, or
 * numbers once conform coerced them); null when either is not a valid whole number yet, since
 * their own fields report that.
 */
function screenOutPointsIssue(points: unknown, screenOutPoints: unknown): string | null {
  const whole = (value: unknown) => {
    const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    return typeof number === "number" && Number.isSafeInteger(number) && number >= 0 ? number : null;
  };
  const reward = whole(points);
  const compensation = whole(screenOutPoints);
  if (reward === null || compensation === null || reward > MAX_POINTS) return null;
  return compensation > maxScreenOutPoints(reward) ? SURVEY_MESSAGES.screenOutPointsRange(reward) : null;
}
