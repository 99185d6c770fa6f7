import express from "express";
import { z } from "zod";
import { GOOGLE_CALLBACK_PATH } from "../../../app/domain/google-auth.server";
import { getEnv } from "../../../app/lib/env.server";
import {
  MOCK_GOOGLE_CLIENT,
  findMockGoogleAccount,
  issueMockAuthorizationCode,
  listMockGoogleAccounts,
  saveMockGoogleAccount,
} from "../../../app/mocks/google.server";
import { escapeHtml, sendPage } from "../../../scripts/extras/html";

// The mock Google consent screen of the end-to-end harness, at /dev/google/authorize: with
// GOOGLE_MOCK=1 the app's /auth/google sends the browser here instead of accounts.google.com, with
// the same query. Picking an account sends the browser back to the app's callback with a one-time
// code, as Google would; the app's msw handlers (app/mocks/google.server.ts, state on globalThis)
// answer the token and profile calls. Mounted only by tests/support/harness/server.ts.

const oauthSchema = z.object({
  client_id: z.literal(MOCK_GOOGLE_CLIENT.clientID),
  redirect_uri: z.string(),
  state: z.string().min(1).max(200),
  scope: z.string().max(500).default(""),
});
type OAuthRequest = z.infer<typeof oauthSchema>;

const newAccountSchema = z.object({
  givenName: z.string().trim().min(1, "Enter a first name").max(100),
  familyName: z.string().trim().min(1, "Enter a last name").max(100),
  email: z.string().trim().min(1, "Enter an email address").email("Enter a valid email address").max(254),
});

/** Like Google, only the registered client and its registered callback are served. */
function parseOAuth(source: Record<string, unknown>): OAuthRequest | null {
  const callback = `${getEnv().APP_URL.replace(/\/+$/, "")}${GOOGLE_CALLBACK_PATH}`;
  const picked = Object.fromEntries(
    ["client_id", "redirect_uri", "state", "scope"].map((name) => [
      name,
      typeof source[name] === "string" ? source[name] : undefined,
    ]),
  );
  const parsed = oauthSchema.safeParse(picked);
  return parsed.success && parsed.data.redirect_uri === callback ? parsed.data : null;
}

export function googleConsentRouter(): express.Router {
  const router = express.Router();
  router.get("/", (req, res) => {
    const oauth = parseOAuth(req.query as Record<string, unknown>);
    if (!oauth) return invalid(res);
    consentPage(res, oauth);
  });

  router.post("/", express.urlencoded({ extended: false, limit: "8kb" }), (req, res) => {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const oauth = parseOAuth(form);
    if (!oauth) return invalid(res);
    const back = new URL(oauth.redirect_uri);
    back.searchParams.set("state", oauth.state);
    let sub: string;
    if (form.intent === "cancel") {
      back.searchParams.set("error", "access_denied");
      return void res.redirect(302, back.toString());
    } else if (form.intent === "add") {
      const parsed = newAccountSchema.safeParse(form);
      if (!parsed.success) {
        return consentPage(res, oauth, { values: form, errors: parsed.error.flatten().fieldErrors }, 400);
      }
      sub = saveMockGoogleAccount({ ...parsed.data, emailVerified: form.emailVerified === "on" }).sub;
    } else {
      const chosen = findMockGoogleAccount(String(form.sub ?? ""));
      if (!chosen) return void res.status(400).type("text/plain").send("Unknown account");
      sub = chosen.sub;
    }
    back.searchParams.set(
      "code",
      issueMockAuthorizationCode({ sub, clientId: oauth.client_id, redirectUri: oauth.redirect_uri }),
    );
    res.redirect(302, back.toString());
  });
  return router;
}

function invalid(res: express.Response) {
  sendPage(res, {
    status: 400,
    title: "Sign in with Google (mock)",
    body: "<h1>Error 400: invalid_request</h1><p>This sign-in request is not from the panel.</p>",
  });
}

function consentPage(
  res: express.Response,
  oauth: OAuthRequest,
  submitted: { values: Record<string, unknown>; errors: Record<string, string[] | undefined> } = {
    values: {},
    errors: {},
  },
  status = 200,
) {
  const hidden = (["client_id", "redirect_uri", "state", "scope"] as const)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(oauth[name])}">`)
    .join("");
  const accounts = listMockGoogleAccounts()
    .map(
      (account) =>
        `<li><button type="submit" name="sub" value="${escapeHtml(account.sub)}">${escapeHtml(
          `${account.givenName} ${account.familyName}`,
        )}<br><span class="muted">${escapeHtml(account.email)}${account.emailVerified ? "" : " (email not verified)"}</span></button></li>`,
    )
    .join("");
  const field = (name: "givenName" | "familyName" | "email", label: string, type = "text") => {
    const error = submitted.errors[name]?.[0];
    const value = typeof submitted.values[name] === "string" ? (submitted.values[name] as string) : "";
    return `<label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}"${
      error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ""
    }>${error ? `<p id="${name}-error" class="error">${escapeHtml(error)}</p>` : ""}`;
  };
  const verified = status === 200 || submitted.values.emailVerified === "on";
  sendPage(res, {
    status,
    title: "Sign in with Google (mock)",
    body: `<p class="muted">Google (mock)</p>
<h1>Choose an account</h1>
<p class="muted">to continue to the panel</p>
<form method="post"><ul>${accounts}</ul>${hidden}</form>
<h2>Use another account</h2>
<form method="post">${hidden}<input type="hidden" name="intent" value="add">
${field("givenName", "First name")}${field("familyName", "Last name")}${field("email", "Email", "email")}
<p><label><input type="checkbox" name="emailVerified"${verified ? " checked" : ""} style="width:auto"> Google has verified this email</label></p>
<button type="submit">Continue</button></form>
<form method="post">${hidden}<p><button type="submit" name="intent" value="cancel">Cancel</button></p></form>`,
  });
}
