import { expect } from "vitest";
import type { RegisterResult } from "~/routes/_guest.register.server";
import { action } from "~/routes/_guest.register";
import { expectData } from "./remix";
import { cookiesOf, ORIGIN, routeArgs } from "./requests";

// Posts to Register (/register, decision 076) as a browser without JavaScript sends them, for the
// integration tests of registration, its drafts, the terms agreement and identity signals: step 1
// (Next) with a valid new member's values, and any other post of the form.

/** The password of STEP_ONE. */
export const REGISTRATION_PASSWORD = "Tamarind-Monsoon-42";

/** Step 1's fields for a new member who passes it. */
export const STEP_ONE = {
  fName: "Asha",
  lName: "Rao",
  email: "asha.rao@example.com",
  password: REGISTRATION_PASSWORD,
  password_confirmation: REGISTRATION_PASSWORD,
};

/** Step 2's fields that pass it, the terms ticked (gender and mobile are the member's choice). */
export const STEP_TWO = {
  country: "IN",
  state: "Karnataka",
  city: "Bengaluru",
  pin: "560001",
  day: "15",
  month: "4",
  year: "1990",
  gender: "female",
  mobile: "",
  terms: "on",
};

/** A urlencoded POST of /register: form fields, or a raw body (to send what a form cannot), and headers such as Cookie. */
export function registerRequest(body: Record<string, string> | string, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}/register`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: typeof body === "string" ? body : new URLSearchParams(body).toString(),
  });
}

/**
 * Posts to Register's action and says what it answered: a redirect (`response`), or the form's
 * answer (`step`, with its status, the headers it set and the whole of it as JSON).
 */
export async function postRegister(body: Record<string, string> | string, headers: Record<string, string> = {}) {
  const result = await action(routeArgs(registerRequest(body, headers)));
  if (result instanceof Response) {
    return { response: result, step: null, status: result.status, headers: result.headers, json: "" };
  }
  const { data, init } = expectData(result);
  return {
    response: null,
    step: data as RegisterResult,
    status: init?.status ?? 200,
    headers: new Headers(init?.headers),
    json: JSON.stringify(data),
  };
}

/** Step 1 (Next) with STEP_ONE's values, changed by `values`. */
export function postStepOne(values: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return postRegister({ ...STEP_ONE, ...values, intent: "next" }, headers);
}

/**
 * Passes step 1 (the redirect back to /register, where step 2 shows) and returns the cookies it
 * sets, the draft's among them ("__registration=…"), as the browser sends them back.
 */
export async function passStepOne(values: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const { response, step } = await postStepOne(values, headers);
  if (!response) throw new Error(`Expected the redirect to step 2, got ${JSON.stringify(step)}`);
  expect(response).toRedirectTo("/register");
  return cookiesOf(response);
}
