// The rules of a member's address and phone, in one home: registration (step 2) and My Detail both
// check them, so nobody can register with details that My Detail then refuses (a PIN of "56", a
// 20-digit phone). Each page keeps its own messages, which come from the specification. No
// server-only imports: registration also validates with these in the browser.

/** 3 to 10 letters or digits, single spaces or hyphens between them (UK, Canadian, Dutch postcodes have letters). */
export const PIN_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9]|[ -](?=[A-Za-z0-9])){2,9}$/;
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
