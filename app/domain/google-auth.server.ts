import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import type { Member } from "~/generated/prisma/client";
import { getPrisma, isUniqueViolation } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { cookieIdentity } from "~/lib/session-cookie.server";
import { redirectWithToast } from "~/lib/toast.server";
import { stripUnwantedCharacters } from "~/lib/validation";
import { reactivateIfInactive } from "./inactivity.server";
import { accountStatusIssue } from "./login.server";
import { NAME_MAX_LENGTH } from "./member-profile-rules";
import { recognizeDevice } from "./identity-signals.server";
import { signInCookies } from "./sessions.server";
import { tr } from "~/i18n/mark";
import { notFound } from "~/lib/http.server";

// Google sign-in and sign-up through remix-auth-google (docs/decisions/009-google-sign-in.md).
// /auth/google starts it, Google sends the browser back to /auth/google/respond with a code, the
// strategy exchanges the code and reads the profile, and signInWithGoogle decides who that is.

export const GOOGLE_FAILED_MESSAGE = tr("Something went wrong! Try Again.");
export const GOOGLE_CALLBACK_PATH = "/auth/google/respond";
const MOCK_AUTHORIZE_PATH = "/dev/google/authorize";

/**
 * Real Google when configured; the local mock when asked (GOOGLE_MOCK=1: only the end-to-end
 * harness serves its consent page, and `npm start` drops the setting); otherwise none.
 */
export type GoogleMode = "google" | "mock" | "off";

export function googleMode(): GoogleMode {
  const env = getEnv();
  if (env.GOOGLE_MOCK === "1") return "mock";
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new Error("Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
  }
  return env.GOOGLE_CLIENT_ID ? "google" : "off";
}

export function isGoogleSignInEnabled(): boolean {
  return googleMode() !== "off";
}

/** Redirects the browser to Google's consent screen (or the mock's), remembering the OAuth state. */
export async function startGoogleSignIn(request: Request): Promise<Response> {
  const { authenticator, mode } = await googleAuthenticator();
  // Only the address and the cookies matter here; a fresh request also leaves a POST body unread.
  const start = new Request(request.url, { headers: request.headers });
  try {
    await authenticator.authenticate("google", start);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.headers.has("Location")) {
      return mode === "mock" ? toMockConsentScreen(thrown) : thrown;
    }
    throw thrown;
  }
  throw new Error("remix-auth-google did not redirect to Google");
}

/**
 * The callback: checks the state, exchanges the code, signs the member in and goes to the
 * dashboard (whose guards send a new member on to My Detail). Any failure: /login with a toast.
 */
export async function finishGoogleSignIn(request: Request): Promise<Response> {
  const { authenticator } = await googleAuthenticator();
  // The state is needed once; the cookie goes whatever the outcome.
  const headers = new Headers({ "Set-Cookie": await clearStateCookie(request) });
  let outcome: GoogleSignInOutcome;
  try {
    outcome = await authenticator.authenticate("google", request);
  } catch (error) {
    if (!(error instanceof AuthorizationError)) throw error;
    // Google's error text or ours (bad state, refused code): never a token or a password.
    console.warn("Google sign-in failed:", error.message);
    return redirectWithToast("/login", { type: "error", message: GOOGLE_FAILED_MESSAGE }, { headers });
  }
  if (!outcome.ok) {
    return redirectWithToast("/login", { type: "error", message: outcome.message }, { headers });
  }
  await reactivateIfInactive(outcome.memberId);
  for (const cookie of await signInCookies(outcome.memberId, { persistent: false, request })) {
    headers.append("Set-Cookie", cookie);
  }
  const device = await recognizeDevice(request, outcome.memberId);
  if (device) headers.append("Set-Cookie", device);
  return redirect("/dashboard", { headers });
}

type GoogleSignInOutcome = { ok: true; memberId: number } | { ok: false; message: string };

/**
 * Who this Google account is here:
 * - already connected (by Google's stable subject id): that member;
 * - otherwise only an address Google has verified is trusted, and then
 *   - a member with that email is connected; if they had not verified it yet, Google just proved
 *     who owns it, so it is marked verified and any password or session set up before that proof
 *     is dropped (someone else may have registered the address: 'pre-account takeover');
 *   - no member: a new one, verified, without a password, named from the Google profile.
 */
async function signInWithGoogle(profile: GoogleProfile): Promise<GoogleSignInOutcome> {
  const prisma = getPrisma();
  const sub = profile._json?.sub ?? profile.id;
  const email = profile._json?.email?.trim().toLowerCase();
  if (!sub || !email) return { ok: false, message: GOOGLE_FAILED_MESSAGE };

  const connection = await prisma.oAuthConnection.findUnique({
    where: { provider_providerUserId: { provider: "google", providerUserId: sub } },
    include: { member: true },
  });
  if (connection) return signedIn(connection.member);

  if (profile._json.email_verified !== true) return { ok: false, message: GOOGLE_FAILED_MESSAGE };

  const member = await prisma.member.findUnique({ where: { email } });
  try {
    if (member) {
      const allowed = signedIn(member);
      if (!allowed.ok) return allowed;
      const connect = prisma.oAuthConnection.create({
        data: { provider: "google", providerUserId: sub, memberId: member.id },
      });
      if (member.emailVerifiedAt) {
        await connect;
      } else {
        await prisma.$transaction([
          connect,
          prisma.member.update({
            where: { id: member.id },
            data: { emailVerifiedAt: new Date(), passwordHash: null },
          }),
          prisma.memberSession.deleteMany({ where: { memberId: member.id } }),
        ]);
      }
      return { ok: true, memberId: member.id };
    }
    const created = await prisma.member.create({
      data: {
        email,
        firstName: profileName(profile._json.given_name ?? profile.displayName, email.split("@")[0]),
        lastName: profileName(profile._json.family_name, ""),
        emailVerifiedAt: new Date(),
        oauthConnections: { create: { provider: "google", providerUserId: sub } },
      },
    });
    return { ok: true, memberId: created.id };
  } catch (error) {
    // The same Google account finishing twice at once: the other request has signed it in.
    if (isUniqueViolation(error)) return { ok: false, message: GOOGLE_FAILED_MESSAGE };
    throw error;
  }
}

/** The member, unless their account may not sign in. */
function signedIn(member: Pick<Member, "id" | "status">): GoogleSignInOutcome {
  const issue = accountStatusIssue(member.status);
  return issue ? { ok: false, message: issue } : { ok: true, memberId: member.id };
}

// Names arrive from outside: single-line, never empty where the schema needs a value, and cut to
// the profile rules' length, so the member can save My Detail with the name Google gave.
function profileName(value: string | undefined, fallback: string): string {
  const cleaned = cutToNameLength(stripUnwantedCharacters(value ?? "").trim()).trim();
  return cleaned || cutToNameLength(fallback);
}

// Never half of a character outside the BMP: a lone surrogate would be stored as U+FFFD.
function cutToNameLength(value: string): string {
  const cut = value.slice(0, NAME_MAX_LENGTH);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

// ─── The authenticator, built once per mode ───

let cached: { mode: GoogleMode; authenticator: Authenticator<GoogleSignInOutcome> } | undefined;

async function googleAuthenticator() {
  const mode = googleMode();
  if (mode === "off") throw notFound();
  if (cached?.mode === mode) return cached;
  const env = getEnv();
  let credentials = { clientID: env.GOOGLE_CLIENT_ID ?? "", clientSecret: env.GOOGLE_CLIENT_SECRET ?? "" };
  if (mode === "mock") {
    // Loaded only here: msw and @mswjs/data are devDependencies, absent from the production image.
    const mock = await import("~/mocks/google.server");
    // Tests answer Google's addresses with their own msw server; a second one would stack on it.
    if (env.NODE_ENV !== "test") mock.startGoogleMockServer();
    credentials = mock.MOCK_GOOGLE_CLIENT;
  }
  const authenticator = new Authenticator<GoogleSignInOutcome>(stateStorage(), { throwOnError: true });
  authenticator.use(
    new GoogleStrategy(
      {
        ...credentials,
        callbackURL: `${env.APP_URL.replace(/\/+$/, "")}${GOOGLE_CALLBACK_PATH}`,
        prompt: "select_account",
      },
      ({ profile }) => signInWithGoogle(profile),
    ),
  );
  cached = { mode, authenticator };
  return cached;
}

// remix-auth keeps the OAuth state (anti-forgery) in a session; here a short-lived signed cookie
// seen only by /auth/google and its callback.
let storage: ReturnType<typeof createCookieSessionStorage> | undefined;

function stateStorage() {
  const env = getEnv();
  storage ??= createCookieSessionStorage({
    cookie: {
      ...cookieIdentity("google_oauth", "/auth/google"),
      httpOnly: true,
      sameSite: "lax",
      maxAge: 10 * 60,
      secrets: [env.SESSION_SECRET],
    },
  });
  return storage;
}

async function clearStateCookie(request: Request): Promise<string> {
  const session = await stateStorage().getSession(request.headers.get("Cookie"));
  return stateStorage().destroySession(session);
}

/** In mock mode the consent screen is a local page; the query (client, callback, state) is kept. */
function toMockConsentScreen(response: Response): Response {
  const google = new URL(response.headers.get("Location") ?? "");
  const headers = new Headers(response.headers);
  headers.set("Location", `${MOCK_AUTHORIZE_PATH}${google.search}`);
  return new Response(null, { status: response.status, headers });
}
