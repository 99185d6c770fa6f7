import { TERMS_VERSION } from "~/content/pages";
import type { Admin, Member, Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { newSessionId, sessionCookie } from "~/lib/session-cookie.server";
import { ORIGIN } from "./admin-requests";

// The callers of the security suite (access matrix, form fuzzing): one signed-in browser per role,
// built in a few inserts, and requests that carry its cookie as a same-origin form would.

export const ROLES = ["guest", "unverified", "incomplete", "member", "otherMember", "revokedAdmin", "admin"] as const;
export type Role = (typeof ROLES)[number];

/**
 * - guest: no cookie at all.
 * - unverified: a member whose e-mail is not verified (details complete).
 * - incomplete: a verified member without the required details (no PIN, no city).
 * - member: a verified member with complete details, who owns the objects a route's id names.
 * - otherMember: another verified member with complete details, in another country, who owns none.
 * - revokedAdmin: an admin whose rights were revoked, with a session made while they were active.
 * - admin: an active super-admin. The two admins carry only the admin cookie.
 */
export interface RoleWorld {
  member: Member;
  otherMember: Member;
  unverified: Member;
  incomplete: Member;
  admin: Admin;
  revokedAdmin: Admin;
  cookies: Record<Role, string | null>;
}

// Admins of the matrix never sign in with a password: a value no password hashes to.
const NO_PASSWORD = "!unusable";

const MEMBER_DETAILS = {
  country: "IN",
  state: "Karnataka",
  city: "Bengaluru",
  pin: "560001",
  dob: new Date("1990-04-15"),
  gender: "female",
} as const;

let worlds = 0;

/** The world in three round trips: it is made again for every test, so it must be cheap. */
export async function createRoleWorld(): Promise<RoleWorld> {
  const prisma = getPrisma();
  const tag = `${process.pid}-${(worlds += 1)}-${Date.now()}`;
  const member = (
    firstName: string,
    fields: Partial<Prisma.MemberCreateManyInput> = {},
  ): Prisma.MemberCreateManyInput => ({
    firstName,
    lastName: "Role",
    email: `${firstName.toLowerCase()}-${tag}@example.com`,
    emailVerifiedAt: new Date(),
    ...MEMBER_DETAILS,
    termsAgreedVersion: TERMS_VERSION,
    termsAgreedAt: new Date(),
    ...fields,
  });
  const members = await prisma.member.createManyAndReturn({
    data: [
      member("Owner"),
      member("Other", { country: "US", state: "Ohio", city: "Columbus", pin: "43004" }),
      member("Unverified", { emailVerifiedAt: null }),
      member("Incomplete", { pin: null, city: null }),
    ],
  });
  // RETURNING order is not promised: each row is found by what sets it apart.
  const named = (firstName: string) => members.find((row) => row.firstName === firstName)!;
  const [owner, other, unverified, incomplete] = ["Owner", "Other", "Unverified", "Incomplete"].map(named);
  const admins = await prisma.admin.createManyAndReturn({
    data: [
      { name: "Active Admin", email: `admin-${tag}@example.com`, passwordHash: NO_PASSWORD, isSuperAdmin: true },
      // Revoked while signed in: revoking is meant to end the admin's access even so.
      { name: "Revoked Admin", email: `revoked-${tag}@example.com`, passwordHash: NO_PASSWORD, revokedAt: new Date() },
    ],
  });
  const admin = admins.find((row) => row.revokedAt === null)!;
  const revokedAdmin = admins.find((row) => row.revokedAt !== null)!;
  const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
  const memberSessions = [owner, other, unverified, incomplete].map((row) => ({
    id: newSessionId(),
    memberId: row.id,
    expiresAt,
  }));
  const adminSessions = [admin, revokedAdmin].map((row) => ({ id: newSessionId(), adminId: row.id, expiresAt }));
  await prisma.$transaction([
    prisma.memberSession.createMany({ data: memberSessions }),
    prisma.adminSession.createMany({ data: adminSessions }),
  ]);
  const cookie = async (name: "member" | "admin", id: string) => firstPart(await sessionCookie(name).serialize(id));
  const [memberCookie, otherCookie, unverifiedCookie, incompleteCookie] = await Promise.all(
    memberSessions.map((session) => cookie("member", session.id)),
  );
  const [adminCookie, revokedCookie] = await Promise.all(adminSessions.map((session) => cookie("admin", session.id)));
  return {
    member: owner,
    otherMember: other,
    unverified,
    incomplete,
    admin,
    revokedAdmin,
    cookies: {
      guest: null,
      unverified: unverifiedCookie,
      incomplete: incompleteCookie,
      member: memberCookie,
      otherMember: otherCookie,
      revokedAdmin: revokedCookie,
      admin: adminCookie,
    },
  };
}

const firstPart = (setCookie: string) => setCookie.split(";")[0];

export type FormBody = [string, string | Blob][];

/** The headers of the role's browser: its cookie, one fixed client address, and for a post our own origin. */
export function roleHeaders(cookie: string | null, { post = false } = {}): Record<string, string> {
  const headers: Record<string, string> = { "X-Panel-Client-Address": "198.51.100.23" };
  if (cookie) headers.Cookie = cookie;
  if (post) headers.Origin = ORIGIN;
  return headers;
}

/** A GET, or a POST of `form` (urlencoded, or multipart when it holds a Blob), as the role's browser sends it. */
export function roleRequest(cookie: string | null, path: string, form?: FormBody): Request {
  if (!form) return new Request(`${ORIGIN}${path}`, { headers: roleHeaders(cookie) });
  let body: BodyInit;
  if (form.some(([, value]) => typeof value !== "string")) {
    const formData = new FormData();
    for (const [name, value] of form) formData.append(name, value);
    body = formData;
  } else {
    body = new URLSearchParams(form as [string, string][]);
  }
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers: roleHeaders(cookie, { post: true }), body });
}

/** What a loader or action answered: its status and, for a redirect, where to. */
export interface RouteOutcome {
  status: number;
  location: string | null;
  /** The value of a data() or plain return, for messages. */
  body?: unknown;
  /** An error that was not a Response: what the server would turn into a 500. */
  error?: unknown;
  /** The Response itself, when there was one (its headers carry cookies and toasts). */
  response?: Response;
}

/**
 * Runs a loader or action as Remix would and describes the answer: a Response returned or thrown,
 * data() with its status, or a plain value (200). Anything else thrown is a 500.
 */
export async function outcomeOf(run: () => unknown): Promise<RouteOutcome> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    if (thrown instanceof Response) return responseOutcome(thrown);
    return { status: 500, location: null, error: thrown };
  }
  if (result instanceof Response) return responseOutcome(result);
  if (isDataWithInit(result)) return { status: result.init?.status ?? 200, location: null, body: result.data };
  return { status: 200, location: null, body: result };
}

function responseOutcome(response: Response): RouteOutcome {
  const location = response.status >= 300 && response.status < 400 ? response.headers.get("Location") : null;
  return { status: response.status, location, response };
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && "data" in value && "init" in value;
}
