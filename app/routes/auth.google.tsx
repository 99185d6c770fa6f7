import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireGuest } from "~/domain/auth.server";
import { isGoogleSignInEnabled, startGoogleSignIn } from "~/domain/google-auth.server";
import { notFound } from "~/lib/http.server";

// Starts Google sign-in (and sign-up): the Google buttons on /login and /register post here; a
// plain link may use GET. Without Google configured or mocked the route does not exist.
export async function action({ request }: ActionFunctionArgs) {
  return start(request);
}

export async function loader({ request }: LoaderFunctionArgs) {
  return start(request);
}

async function start(request: Request) {
  if (!isGoogleSignInEnabled()) throw notFound();
  await requireGuest(request);
  return startGoogleSignIn(request);
}
