import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { redirect } from "@remix-run/node";
import { stepOneSchema, stepTwoSchema } from "~/domain/registration-schema";
import { getLanguage, getT } from "~/i18n/i18n.server";
import { tr } from "~/i18n/mark";
import { passwordPolicyIssue, hashPassword } from "~/domain/passwords.server";
import {
  forgetRegistrationDraft,
  keepRegistrationDraft,
  type OpenedDraft,
  openRegistrationDraft,
  type RegistrationDraft,
} from "~/domain/registration-drafts.server";
import { EMAIL_TAKEN, isEmailRegistered, registerMember, tooManyRegistrations } from "~/domain/registration.server";
import { DISPOSABLE_EMAIL, isDisposableEmail, recognizeDevice } from "~/domain/identity-signals.server";
import { startMemberSession } from "~/domain/sessions.server";
import { isCountryCode } from "~/lib/countries.server";
import type { FormResult } from "~/lib/form-result";
import { formResult, readIntent } from "~/lib/forms.server";
import { clientAddress, consumeRateLimit, RATE_LIMITS, secondsUntilAllowed } from "~/lib/rate-limit.server";

// The page and the three posts of /register (docs/decisions/076-registration-drafts.md). Next checks
// step 1, keeps it on the server as this browser's draft (its id in a signed cookie) and redirects
// to /register, which shows step 2 for as long as the draft lives: a reload or a return within 24
// hours finds it again. Previous shows step 1 with the draft's values (never the password).
// Register checks step 2, creates the member from the draft, uses the draft up, signs in and goes to
// /email/verify. The page and every post answer a FormResult whose pageState is the step to show;
// a step shown cleanly (the page, Previous) is a success, 200.

export interface StepOneValues {
  fName: string;
  lName: string;
  email: string;
}

/** The step the page shows: step 1 with its values back, or step 2 for the draft's member-to-be. */
export type RegisterState =
  { step: 1; defaultValue: StepOneValues | null } | { step: 2; who: { name: string; email: string } };

export type RegisterResult = FormResult<RegisterState>;

const STEP_ONE_FIELDS = ["fName", "lName", "email", "password", "password_confirmation"];
const STEP_TWO_FIELDS = ["country", "state", "city", "pin", "day", "month", "year", "gender", "mobile", "terms"];
// Never sent back to the page, not even in an error reply.
const SECRET_FIELDS = ["password", "password_confirmation"];

export const DRAFT_INVALID = tr("Your registration could not be continued. Please start again.");
export const DRAFT_EXPIRED = tr("Your registration was kept for 24 hours and has expired. Please start again.");
const UNREADABLE = tr("The form could not be read. Please try again.");
// A step shown without a message: the page itself, or the answer of a clean Previous.
const SHOWN: SubmissionResult<string[]> = { status: "success" };

/**
 * What GET /register shows, in the shape of a post's answer: step 2 while this browser's draft
 * lives, else step 1. A cookie that leads nowhere is dropped, and step 1 says why it is empty.
 */
export async function registerPage(request: Request): Promise<{ start: RegisterResult; headers?: HeadersInit }> {
  const opened = await openRegistrationDraft(request);
  if (opened.status === "valid") return { start: { ...SHOWN, pageState: stepTwoState(opened.draft) } };
  if (opened.status === "none") return { start: { ...SHOWN, pageState: { step: 1, defaultValue: null } } };
  return {
    start: { ...draftRefusal(opened), pageState: { step: 1, defaultValue: null } },
    headers: await dropCookie(),
  };
}

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
      return previousStep(request);
    case "register":
      return register(request, formData);
  }
}

async function nextStep(request: Request, formData: FormData) {
  const address = clientAddress(request);
  // An address that has used up its registrations is told so at step 1 already (reading only: the
  // registration itself is counted at step 2); every step-1 check is counted before it hashes.
  const accountsWait = await secondsUntilAllowed(RATE_LIMITS.registrations, address);
  if (accountsWait > 0) return stepOneMessage(tooManyRegistrations(await getT(request), accountsWait), null, 429);
  const checks = await consumeRateLimit(RATE_LIMITS.registrationChecks, address);
  if (checks.limited) {
    return stepOneMessage(tooManyRegistrations(await getT(request), checks.retryAfterSeconds), null, 429);
  }

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
  // Post/Redirect/Get: step 2 is a page of its own, so a reload never posts the password again.
  const previous = await openRegistrationDraft(request);
  const kept = await keepRegistrationDraft(draft, { replacing: previous.status === "valid" ? previous.id : null });
  return redirect("/register", { headers: { "Set-Cookie": kept } });
}

async function previousStep(request: Request) {
  const opened = await openRegistrationDraft(request);
  if (opened.status !== "valid") return draftProblem(opened);
  return stepOneMessage(null, opened.draft, 200);
}

async function register(request: Request, formData: FormData) {
  const opened = await openRegistrationDraft(request);
  if (opened.status !== "valid") return draftProblem(opened);
  const { draft } = opened;
  // A draft kept before the list named its domain is refused too.
  if (isDisposableEmail(draft.email)) return backToEmail(draft, DISPOSABLE_EMAIL, 422);

  const address = clientAddress(request);
  const wait = await secondsUntilAllowed(RATE_LIMITS.registrations, address);
  if (wait > 0) return stepTwo(draft, refusal(tooManyRegistrations(await getT(request), wait)), 429);

  const submission = parseWithZod(pickFields(formData, STEP_TWO_FIELDS), {
    schema: stepTwoSchema({ today: new Date(), isCountry: isCountryCode }),
  });
  if (submission.status !== "success") return stepTwo(draft, submission.reply(), 422);

  // Counted atomically before the account is created: parallel posts cannot pass the limit.
  const counted = await consumeRateLimit(RATE_LIMITS.registrations, address);
  if (counted.limited) {
    return stepTwo(draft, refusal(tooManyRegistrations(await getT(request), counted.retryAfterSeconds)), 429);
  }

  // The member's mails, the verification first, come in the language they registered in.
  const outcome = await registerMember(draft, submission.value, {
    address,
    draftId: opened.id,
    language: await getLanguage(request),
  });
  // Someone registered the address between the two steps: back to step 1, on the e-mail.
  if (outcome.status === "email-taken") return backToEmail(draft, EMAIL_TAKEN, 409);
  // Another tab finished with this draft, or it expired, since it was read.
  if (outcome.status === "draft-gone") return draftProblem({ status: "invalid" });
  const headers = new Headers({
    "Set-Cookie": await startMemberSession(outcome.memberId, { persistent: false, request }),
  });
  headers.append("Set-Cookie", await forgetRegistrationDraft());
  const device = await recognizeDevice(request, outcome.memberId);
  if (device) headers.append("Set-Cookie", device);
  return redirect("/email/verify", { headers });
}

/**
 * Step 1, empty, when the post needs a draft this browser does not have: none, a cookie that was
 * changed or leads nowhere, or an expired draft (never used). A cookie it did carry is dropped.
 */
async function draftProblem(opened: MissingDraft) {
  const headers = opened.status === "none" ? undefined : await dropCookie();
  return formResult<RegisterState>(draftRefusal(opened), {
    status: 400,
    headers,
    pageState: { step: 1, defaultValue: null },
  });
}

type MissingDraft = Exclude<OpenedDraft, { status: "valid" }>;

function draftRefusal(opened: MissingDraft): SubmissionResult<string[]> {
  return { ...refusal(opened.status === "expired" ? DRAFT_EXPIRED : DRAFT_INVALID), initialValue: null };
}

async function dropCookie(): Promise<HeadersInit> {
  return { "Set-Cookie": await forgetRegistrationDraft() };
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

function stepTwo(draft: RegistrationDraft, result: SubmissionResult<string[]>, status: number) {
  return formResult<RegisterState>(result, { status, pageState: stepTwoState(draft) });
}

function stepTwoState(draft: RegistrationDraft): RegisterState {
  return { step: 2, who: { name: `${draft.fName} ${draft.lName}`, email: draft.email } };
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
