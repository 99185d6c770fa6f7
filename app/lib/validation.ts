import { z } from "zod";
import { tr } from "~/i18n/mark";
import { tooLongMessage } from "./text-templates";

// Shared by every form schema, on the server and (with JavaScript) in the browser.

const NOT_ALLOWED = tr("Contains characters that are not allowed.");

// Control characters, and U+FFFD: what a non-UTF-8 byte in a posted form decodes to. plainText lets
// tabs and line breaks through (pasted text often has them); passwords and outside names get none.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNWANTED_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNWANTED_IN_SINGLE_LINE = /[\u0000-\u001F\u007F\uFFFD]/;

/** Removes what a single-line value from outside (a Google profile name, say) must not hold. */
export function stripUnwantedCharacters(value: string): string {
  return value.replace(new RegExp(UNWANTED_IN_SINGLE_LINE, "g"), "");
}

/**
 * A password as typed: never trimmed, at most 200 characters (the policy's own limit is stricter)
 * and no control or undecodable characters. A missing one is checked as "", so every problem of
 * the form is reported at once.
 */
export function passwordText({ required }: { required: string }) {
  return z.preprocess(
    (value) => value ?? "",
    // conform's coercion turns "" back into undefined inside the preprocess, hence required_error too.
    z
      .string({ required_error: required })
      .min(1, required)
      .max(200, tooLongMessage(200))
      .refine((value) => !UNWANTED_IN_SINGLE_LINE.test(value), NOT_ALLOWED),
  );
}

/** A trimmed single-line text with a length limit and no control or undecodable characters. */
export function plainText({ max, required }: { max: number; required: string }) {
  return z
    .string({ required_error: required })
    .trim()
    .min(1, required)
    .max(max, tooLongMessage(max))
    .refine((value) => !UNWANTED_CHARACTERS.test(value), NOT_ALLOWED);
}

/** An e-mail address, lower-cased, at most 254 characters (RFC 5321). */
export function emailAddress({ required, invalid }: { required: string; invalid: string }) {
  return z
    .string({ required_error: required })
    .trim()
    .min(1, required)
    .max(254, invalid)
    .email(invalid)
    .transform((value) => value.toLowerCase());
}

/**
 * Adds a 'the two passwords differ' check to an object schema that runs even when other fields are
 * invalid (an object's own superRefine runs only once every field has passed), so the member sees
 * every problem of the form at once. Two empty values are left to the fields' required checks.
 */
export function withConfirmation<T extends z.ZodTypeAny>(
  schema: T,
  { field, confirmation, path, message }: { field: string; confirmation: string; path: string; message: string },
) {
  return z.preprocess((raw, context) => {
    if (raw && typeof raw === "object") {
      const value = (raw as Record<string, unknown>)[field];
      const repeated = (raw as Record<string, unknown>)[confirmation];
      if (
        typeof value === "string" &&
        typeof repeated === "string" &&
        value !== "" &&
        repeated !== "" &&
        value !== repeated
      ) {
        context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      }
    }
    return raw;
  }, schema);
}
