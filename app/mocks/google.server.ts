import { randomBytes, randomUUID } from "node:crypto";
import { factory, primaryKey } from "@mswjs/data";
import { http, HttpResponse } from "msw";
import { setupServer, type SetupServer } from "msw/node";

// A stand-in for Google's OAuth 2.0 service, so Google sign-in runs offline in development and in
// tests through the real remix-auth-google code (docs/decisions/009-google-sign-in.md):
// - the consent screen is the local page /dev/google/authorize (tests/support/harness/google-consent.ts),
//   which lists these accounts and hands out one-time authorization codes;
// - the server-side calls remix-auth-google makes (token exchange, profile) are answered by msw
//   handlers, backed by the same in-memory @mswjs/data database.
// This module and its packages (devDependencies) are loaded only in mock mode, by dynamic import.

export const MOCK_GOOGLE_CLIENT = {
  clientID: "mock-google-client-id.apps.googleusercontent.com",
  clientSecret: "mock-google-client-secret",
};

// The addresses remix-auth-google 2.0.0 calls (node_modules/remix-auth-google/build/index.js).
export const GOOGLE_AUTHORIZATION_URL = "https://accounts.google.com/o/oauth2/v2/auth";
const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
const GOOGLE_USERINFO_URL = "https://www.googleapis.com/oauth2/v3/userinfo";

const CODE_LIFETIME_MS = 5 * 60 * 1000;

function createMockGoogleDb() {
  const db = factory({
    account: {
      sub: primaryKey(String),
      email: String,
      givenName: String,
      familyName: String,
      emailVerified: Boolean,
    },
    authorizationCode: {
      code: primaryKey(String),
      sub: String,
      clientId: String,
      redirectUri: String,
      expiresAt: Number,
    },
    accessToken: {
      token: primaryKey(String),
      sub: String,
    },
  });
  // The demo member (prisma/seed.ts) to try linking, a new person, and one whose address Google
  // has not verified (refused by the app).
  db.account.create({
    sub: "100000000000000000001",
    email: "member@panel.test",
    givenName: "Demo",
    familyName: "Member",
    emailVerified: true,
  });
  db.account.create({
    sub: "100000000000000000002",
    email: "asha.verma@gmail.test",
    givenName: "Asha",
    familyName: "Verma",
    emailVerified: true,
  });
  db.account.create({
    sub: "100000000000000000003",
    email: "unverified.tester@gmail.test",
    givenName: "Unverified",
    familyName: "Tester",
    emailVerified: false,
  });
  return db;
}

type MockGoogleDb = ReturnType<typeof createMockGoogleDb>;

// Kept on globalThis so that the development server's module reloads share one database and one
// interception of fetch.
const holder = globalThis as typeof globalThis & {
  __mockGoogle?: { db: MockGoogleDb; server?: SetupServer };
};

function mockGoogle() {
  holder.__mockGoogle ??= { db: createMockGoogleDb() };
  return holder.__mockGoogle;
}

export interface MockGoogleAccount {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  emailVerified: boolean;
}

export function listMockGoogleAccounts(): MockGoogleAccount[] {
  return mockGoogle().db.account.getAll().map(toAccount);
}

export function findMockGoogleAccount(sub: string): MockGoogleAccount | null {
  const account = mockGoogle().db.account.findFirst({ where: { sub: { equals: sub } } });
  return account ? toAccount(account) : null;
}

/** Adds an account, or updates the one with that email (as if its owner changed their profile). */
export function saveMockGoogleAccount(input: Omit<MockGoogleAccount, "sub">): MockGoogleAccount {
  const { db } = mockGoogle();
  const existing = db.account.findFirst({ where: { email: { equals: input.email } } });
  if (existing) {
    return toAccount(db.account.update({ where: { sub: { equals: existing.sub } }, data: input, strict: true }));
  }
  // Google's subject identifiers are 21-digit numbers.
  const sub = `1${Array.from(randomBytes(20), (byte) => byte % 10).join("")}`;
  return toAccount(db.account.create({ sub, ...input }));
}

/** What the consent screen does when the person picks an account: a one-time code for the app. */
export function issueMockAuthorizationCode({
  sub,
  clientId,
  redirectUri,
}: {
  sub: string;
  clientId: string;
  redirectUri: string;
}): string {
  const code = `mock-code-${randomBytes(24).toString("base64url")}`;
  mockGoogle().db.authorizationCode.create({
    code,
    sub,
    clientId,
    redirectUri,
    expiresAt: Date.now() + CODE_LIFETIME_MS,
  });
  return code;
}

/** Google's token endpoint and userinfo endpoint, as far as remix-auth-google uses them. */
export const googleMockHandlers = [
  http.post(GOOGLE_TOKEN_URL, async ({ request }) => {
    const { db } = mockGoogle();
    const form = new URLSearchParams(await request.text());
    if (
      form.get("client_id") !== MOCK_GOOGLE_CLIENT.clientID ||
      form.get("client_secret") !== MOCK_GOOGLE_CLIENT.clientSecret
    ) {
      return HttpResponse.json({ error: "invalid_client", error_description: "Unauthorized" }, { status: 401 });
    }
    const code = form.get("code") ?? "";
    // A code works once, like Google's: it is deleted as it is read.
    const grant = db.authorizationCode.delete({ where: { code: { equals: code } } });
    if (
      form.get("grant_type") !== "authorization_code" ||
      !grant ||
      grant.expiresAt < Date.now() ||
      grant.clientId !== form.get("client_id") ||
      grant.redirectUri !== form.get("redirect_uri")
    ) {
      return HttpResponse.json({ error: "invalid_grant", error_description: "Bad Request" }, { status: 400 });
    }
    const token = `mock-access-${randomUUID()}`;
    db.accessToken.create({ token, sub: grant.sub });
    return HttpResponse.json({
      access_token: token,
      expires_in: 3599,
      scope: "openid https://www.googleapis.com/auth/userinfo.profile https://www.googleapis.com/auth/userinfo.email",
      token_type: "Bearer",
      id_token: "mock-id-token",
    });
  }),
  http.get(GOOGLE_USERINFO_URL, ({ request }) => {
    const { db } = mockGoogle();
    const token = request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? "";
    const grant = db.accessToken.findFirst({ where: { token: { equals: token } } });
    const account = grant ? findMockGoogleAccount(grant.sub) : null;
    if (!account) {
      return HttpResponse.json({ error: "invalid_request", error_description: "Invalid Credentials" }, { status: 401 });
    }
    return HttpResponse.json({
      sub: account.sub,
      name: `${account.givenName} ${account.familyName}`.trim(),
      given_name: account.givenName,
      family_name: account.familyName,
      picture: "https://lh3.googleusercontent.com/a/mock-picture",
      email: account.email,
      email_verified: account.emailVerified,
      locale: "en",
    });
  }),
];

/**
 * Answers Google's addresses inside this server process; every other request goes out untouched.
 * Tests do not call this: their own msw server (tests/support/setup-network.ts) uses the handlers.
 */
export function startGoogleMockServer(): void {
  const state = mockGoogle();
  if (state.server) return;
  const server = setupServer(...googleMockHandlers);
  server.listen({ onUnhandledRequest: "bypass" });
  state.server = server;
  console.warn("Google sign-in is mocked: /dev/google/authorize stands in for Google (GOOGLE_MOCK).");
}

function toAccount(account: MockGoogleAccount): MockGoogleAccount {
  const { sub, email, givenName, familyName, emailVerified } = account;
  return { sub, email, givenName, familyName, emailVerified };
}
