import { z } from "zod";

// Shared by every form schema, on the server and (with JavaScript) in the browser.

// Control characters, and U+FFFD: what a non-UTF-8 byte in a posted form decodes to.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNWANTED_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/;

/** A trimmed single-line text with a length limit and no control or undecodable characters. */
export function plainText({ max, required }: { max: number; required: string }) {
  return z
    .string({ required_error: required })
    .trim()
    .min(1, required)
    .max(max, `Must be at most ${max} characters.`)
    .refine((value) => !UNWANTED_CHARACTERS.test(value), "Contains characters that are not allowed.");
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
