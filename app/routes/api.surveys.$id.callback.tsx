import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveCallback, SIGNATURE_HEADER, type CallbackAnswer } from "~/domain/survey-callbacks.server";
import { parseId } from "~/lib/ids";

// POST /api/surveys/{id}/callback: an external survey's vendor reports, server to server, how a
// respondent's survey ended (decision 060). Public, but signed: the body's HMAC in X-Signature is the
// only credential, so there is no session, cookie or form origin to check. Answers are small JSON.

export function loader() {
  return answer({
    httpStatus: 405,
    body: { ok: false, error: "method_not_allowed", message: `POST the callback, signed in ${SIGNATURE_HEADER}.` },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  return answer(await receiveCallback(parseId(params.id), request));
}

function answer({ httpStatus, body, retryAfterSeconds }: CallbackAnswer): Response {
  return new Response(JSON.stringify(body), {
    status: httpStatus,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...(httpStatus === 405 ? { Allow: "POST" } : {}),
      ...(retryAfterSeconds !== undefined ? { "Retry-After": String(retryAfterSeconds) } : {}),
    },
  });
}
