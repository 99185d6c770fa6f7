import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireGuest } from "~/domain/auth.server";
import { finishGoogleSignIn, isGoogleSignInEnabled } from "~/domain/google-auth.server";
import { notFound } from "~/lib/http.server";

// The spec's social login callback (/auth/{provider}/respond?code=…). Google sends the browser
// here; the work happens on the server and ends in a redirect, so there is no page to render.
export async function loader({ request }: LoaderFunctionArgs) {
  if (!isGoogleSignInEnabled()) throw notFound();
  await requireGuest(request);
  return finishGoogleSignIn(request);
}
