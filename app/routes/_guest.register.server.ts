import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { redirect } from "@remix-run/node";
import { stepOneSchema, stepTwoSchema } from "~/domain/registration-schema";
import { passwordPolicyIssue, hashPassword } from "~/domain/passwords.server";
import {
  EMAIL_TAKEN,
  isEmailRegistered,
  openDraft,
  registerMember,
  type RegistrationDraft,
  sealDraft,
  tooManyRegistrations,
} from "~/domain/registration.server";
import { DISPOSABLE_EMAIL, isDisposableEmail, recognizeDevice } from "~/domain/identity-signals.server";
import { startMemberSession } from "~/domain/sessions.server";
import { isCountryCode } from "~/lib/countries.server";
import type { FormResult } from "~/lib/form-result";
import { formResult, readIntent } from "~/lib/forms.server";
import { clientAddress, consumeRateLimit, RATE_LIMITS, secondsUntilAllowed } from "~/lib/rate-limit.server";

// The three posts of /register: Next (check step 1, seal it into a draft, show step 2), Previous
// (back to step 1 with its values, never the password) and Register (check step 2, create the
// member, sign in, go to /email/verify). Each answers a FormResult whose pageState is the step to
// show; a step shown cleanly (Next passed, Previous) is a success, 200.

export interface StepOneValues {
  fName: string;
  lName: string;
  email: string;
}

/** The step the page shows: step 1 with its values back, or step 2 with the sealed draft. */
export type RegisterState =
  { step: 1; defaultValue: StepOneValues | null } | { step: 2; draft: string; who: { name: string; email: string } };

export type RegisterResult = FormResult<RegisterState>;

const STEP_ONE_FIELDS = ["fName", "lName", "email", "password", "password_confirmation"];
const STEP_TWO_FIELDS = ["country", "state", "city", "pin", "day", "month", "year", "gender", "mobile", "terms"];
// Never sent back to the page, not even in an error reply.
const SECRET_FIELDS = ["password", "password_confirmation"];

const DRAFT_INVALID = "Your registration could not be continued. Please start again.";
const DRAFT_EXPIRED = "Your registration form expired. Enter your password again to continue.";
const UNREADABLE = "The form could not be read. Please try again.";
// A step shown without a message: the answer of a clean Next or Previous.
const SHOWN: SubmissionResult<string[]> = { status: "success" };

export async function handleRegisterPost(request: Request) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return stepOneMessage(UNREADABLE, null, 400);
  }
  switch (readIntent(formData, ["next", "previous", "register"])) {
    case "next":
      return nextStep(request, formData);
    case "previous":
      return previousStep(formData);
    case "register":
      return register(request, formData);
  }
}

async function nextStep(request: Request, formData: FormData) {
  const address = clientAddress(request);
  // An address that has used up its registrations is told so at step 1 already (reading only: the
  // registration itself is counted at step 2); every step-1 check is counted before it hashes.
  const accountsWait = await secondsUntilAllowed(RATE_LIMITS.registrations, address);
  if (accountsWait > 0) return stepOneMessage(tooManyRegistrations(accountsWait), null, 429);
  const checks = await consumeRateLimit(RATE_LIMITS.registrationChecks, address);
  if (checks.limited) return stepOneMessage(tooManyRegistrations(checks.retryAfterSeconds), null, 429);

  const submission = parseWithZod(pickFields(formData, STEP_ONE_FIELDS), {
    schema: stepOneSchema({ passwordIssue: passwordPolicyIssue }),
  });
  if (submission.status !== "success") return stepOne(submission.reply({ hideFields: SECRET_FIELDS }), 422);
  const { fName, lName, email, password } = submission.value;
  if (isDisposableEmail(email)) {
    return stepOne(submission.reply({ fieldErrors: { email: [DISPOSABLE_EMAIL] }, hideFields: SECRET_FIELDS }), 422);
  }
  if (await isEmailRegistered(email)) {
    return stepOne(submission.reply({ fieldErrors: { email: [EMAIL_TAKEN] }, hideFields: SECRET_FIELDS }), 422);
  }
  const draft: RegistrationDraft = { fName, lName, email, passwordHash: await hashPassword(password) };
  return stepTwo(draft, sealDraft(draft), SHOWN, 200);
}

function previousStep(formData: FormData) {
  const opened = openDraft(formData.get("draft"));
  if (opened.status === "invalid") return stepOneMessage(DRAFT_INVALID, null, 400);
  return stepOneMessage(null, opened.draft, 200);
}

async function register(request: Request, formData: FormData) {
  const token = formData.get("draft");
  const opened = openDraft(token);
  if (opened.status === "invalid") return stepOneMessage(DRAFT_INVALID, null, 400);
  if (opened.status === "expired") return stepOneMessage(DRAFT_EXPIRED, opened.draft, 400);
  const { draft } = opened;
  const sealed = token as string;
  // A draft sealed before the list named its domain is refused too.
  if (isDisposableEmail(draft.email)) return backToEmail(draft, DISPOSABLE_EMAIL, 422);

  const address = clientAddress(request);
  const wait = await secondsUntilAllowed(RATE_LIMITS.registrations, address);
  if (wait > 0) return stepTwo(draft, sealed, refusal(tooManyRegistrations(wait)), 429);

  const submission = parseWithZod(pickFields(formData, STEP_TWO_FIELDS), {
    schema: stepTwoSchema({ today: new Date(), isCountry: isCountryCode }),
  });
  if (submission.status !== "success") return stepTwo(draft, sealed, submission.reply(), 422);

  // Counted atomically before the account is created: parallel posts cannot pass the limit.
  const counted = await consumeRateLimit(RATE_LIMITS.registrations, address);
  if (counted.limited) return stepTwo(draft, sealed, refusal(tooManyRegistrations(counted.retryAfterSeconds)), 429);

  const outcome = await registerMember(draft, submission.value, { address });
  // Someone registered the address between the two steps: back to step 1, on the e-mail.
  if (outcome.status === "email-taken") return backToEmail(draft, EMAIL_TAKEN, 409);
  const headers = new Headers({
    "Set-Cookie": await startMemberSession(outcome.memberId, { persistent: false, request }),
  });
  const device = await recognizeDevice(request, outcome.memberId);
  if (device) headers.append("Set-Cookie", device);
  return redirect("/email/verify", { headers });
}

/** Step 1 with the draft's values and a message on the e-mail. */
function backToEmail(draft: RegistrationDraft, message: string, status: number) {
  const result: SubmissionResult<string[]> = {
    status: "error",
    initialValue: { fName: draft.fName, lName: draft.lName, email: draft.email },
    error: { email: [message] },
  };
  return stepOne(result, status);
}

function stepOne(result: SubmissionResult<string[]>, status: number) {
  return formResult<RegisterState>(result, { status, pageState: { step: 1, defaultValue: null } });
}

/** Step 1 with the draft's values (never the password), and the form's message when there is one. */
function stepOneMessage(formError: string | null, draft: RegistrationDraft | null, status: number) {
  const defaultValue = draft ? { fName: draft.fName, lName: draft.lName, email: draft.email } : null;
  const result = formError ? { ...refusal(formError), initialValue: defaultValue } : SHOWN;
  return formResult<RegisterState>(result, { status, pageState: { step: 1, defaultValue } });
}

function stepTwo(draft: RegistrationDraft, sealed: string, result: SubmissionResult<string[]>, status: number) {
  const who = { name: `${draft.fName} ${draft.lName}`, email: draft.email };
  return formResult<RegisterState>(result, { status, pageState: { step: 2, draft: sealed, who } });
}

function refusal(formError: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [formError] } };
}

/**
 * Only the step's own fields, first value each, text only: conform's reserved intent and state
 * fields, repeated names and file uploads never reach the parser, so no post can make it throw.
 */
function pickFields(formData: FormData, names: string[]): FormData {
  const picked = new FormData();
  for (const name of names) {
    const value = formData.get(name);
    if (typeof value === "string") picked.set(name, value);
  }
  return picked;
}
