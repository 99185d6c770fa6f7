import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "./ids";

// The error responses a loader or action throws, decided once: the root error boundary renders them
// as the friendly page, and tests (and clients) rely on the exact status and body.

/**
 * The 404 for anything that does not exist or must not be seen to exist: an unknown or malformed
 * id, a page of a switched-off feature, any admin page for someone who is not a signed-in admin.
 */
export function notFound(): Response {
  return new Response("Not Found", { status: 404 });
}

/** A request the app cannot read at all (not a form, an unknown intent), with a plain-text reason. */
export function badRequest(reason: string): Response {
  return new Response(reason, { status: 400 });
}

/** The id in the URL segment `name` (`$id` by default); a malformed one is the same 404 as an unknown one. */
export function requireId(params: LoaderFunctionArgs["params"], name = "id"): number {
  const id = parseId(params[name]);
  if (id === null) throw notFound();
  return id;
}
