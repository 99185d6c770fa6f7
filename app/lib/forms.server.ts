import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { getEnv } from "./env.server";
import type { FormResult } from "./form-result";
import { badRequest } from "./http.server";

/**
 * The posted form, or a 400 for a body that is not a form at all (a missing or wrong content type,
 * broken multipart): a bad request, not a server error. A post from another site is refused first
 * (403): every action reads its form here or calls a guard, and both run the origin check before
 * anything is read or written (docs/decisions/029-security-headers.md).
 */
export async function readFormData(request: Request): Promise<FormData> {
  assertSameOrigin(request);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw badRequest("The request is not a valid form submission.");
  }
  dropForgedControls(formData);
  return formData;
}

/**
 * Cookies are SameSite=Lax, which already keeps them off cross-site POSTs; refusing a state-changing
 * request that names another origin closes the rest (browsers without SameSite, and same-site pages
 * of another origin, such as a sibling subdomain).
 */
export function assertSameOrigin(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  // Browsers too old to send Origin on a form post still send the Referer (our Referrer-Policy keeps
  // it for same-origin requests). With neither, e.g. a non-browser client, SameSite alone decides.
  const source = request.headers.get("Origin") ?? refererOrigin(request.headers.get("Referer"));
  if (source === null) return;
  // Behind a proxy the request's own URL may be internal, so APP_URL's origin counts too.
  const allowed = [new URL(request.url).origin, new URL(getEnv().APP_URL).origin];
  if (!allowed.includes(source)) {
    throw new Response("Cross-origin form posts are not accepted.", { status: 403, statusText: "Forbidden" });
  }
}

// An unreadable Referer names no origin we know: "null", which is refused like Origin: null.
function refererOrigin(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

/**
 * conform JSON-parses its own control fields before any schema runs and throws on a forged one (a
 * 500 for a crafted post). Our forms never post them except a well-formed 'validate' intent, which
 * the actions answer without saving; anything else under those names is dropped.
 */
function dropForgedControls(formData: FormData) {
  const intents = formData.getAll("__intent__");
  if (intents.length > 0 && !(intents.length === 1 && isValidateIntent(intents[0]))) formData.delete("__intent__");
  const states = formData.getAll("__state__");
  if (states.length > 0 && !(states.length === 1 && isJsonObject(states[0]))) formData.delete("__state__");
}

function parsed(value: FormDataEntryValue): unknown {
  if (typeof value !== "string" || value.length > 10_000) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function isJsonObject(value: FormDataEntryValue): boolean {
  const json = parsed(value);
  return typeof json === "object" && json !== null && !Array.isArray(json);
}

function isValidateIntent(value: FormDataEntryValue): boolean {
  const json = parsed(value);
  if (typeof json !== "object" || json === null || (json as { type?: unknown }).type !== "validate") return false;
  // conform throws on an intent without a payload (getIntent): the client always sends one, {} at least.
  const payload = (json as { payload?: unknown }).payload;
  return typeof payload === "object" && payload !== null && !Array.isArray(payload);
}

/** The name of the submit button (or hidden field) that says which of a page's forms was posted. */
export const INTENT_FIELD = "intent";

export const UNKNOWN_INTENT_MESSAGE =
  "This page cannot do what was posted. Reload the page and use one of its buttons.";

/**
 * Which of an action's intents was posted: one of `intents`, or `whenMissing` when the post names
 * none (a step form pressed with Enter in a browser that sends no button). Anything else is not a
 * post our pages make, so it is a 400 with a plain message, and nothing is read or written.
 */
export function readIntent<const Intent extends string>(
  formData: FormData,
  intents: readonly Intent[],
  options: { whenMissing?: Intent } = {},
): Intent {
  const intent = formData.get(INTENT_FIELD);
  if (intent === null && options.whenMissing !== undefined) return options.whenMissing;
  if (typeof intent === "string" && (intents as readonly string[]).includes(intent)) return intent as Intent;
  throw new Response(UNKNOWN_INTENT_MESSAGE, { status: 400, statusText: "Bad Request" });
}

type ResultInit<State> = { status?: number; form?: string; headers?: HeadersInit; pageState?: State };

/**
 * An action's answer to a form it does not redirect from (lib/form-result.ts): conform's result,
 * named after the form on a page with several, with the page's `pageState` when it needs more than
 * messages. The status is 400 unless told or a success: a conform 'validate' post, whose reply is
 * neither, saved nothing and is answered like a refusal.
 */
export function formResult<State = undefined>(
  result: SubmissionResult<string[]>,
  { status, form, headers, pageState }: ResultInit<State> = {},
) {
  const answer: FormResult<State> = {
    ...result,
    ...(form === undefined ? {} : { form }),
    ...(pageState === undefined ? {} : { pageState }),
  };
  return data(answer, { status: status ?? (result.status === "success" ? 200 : 400), headers });
}

/**
 * A refusal that no schema produced (a wrong code, a missing confirmation, a rule of the domain),
 * in the same shape: the form's message, or one field's when `field` is given.
 */
export function refuseForm<State = undefined>(
  message: string,
  { field, ...init }: ResultInit<State> & { field?: string } = {},
) {
  return formResult<State>({ status: "error", error: { [field ?? ""]: [message] } }, init);
}
