import { createCookie, type Cookie } from "@remix-run/node";
import type { PrismaClient } from "~/generated/prisma/client";
import { getPrisma, type Tx } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { carriesCookie, clearCookie, cookieIdentity, newSessionId, readSessionId } from "~/lib/session-cookie.server";

// Step 1 of Register, kept on the server for 24 hours (docs/decisions/076-registration-drafts.md):
// a reload of step 2, a tab the phone discarded or a visit the next morning shows step 2 again.
// The browser holds only the draft's random id, in a signed httpOnly SameSite=Lax cookie; the row
// holds the names, the e-mail and the password's argon2id hash, never the password.

/** Step 1 as step 2 uses it. The password is already hashed: the clear text never leaves Next. */
export interface RegistrationDraft {
  fName: string;
  lName: string;
  email: string;
  passwordHash: string;
}

export const DRAFT_HOURS = 24;
const DRAFT_MS = DRAFT_HOURS * 60 * 60 * 1000;

export type OpenedDraft =
  /** The browser carries no draft cookie. */
  | { status: "none" }
  /** It carries one that does not lead to a live draft: a changed signature, a finished or purged draft. */
  | { status: "invalid" }
  /** Its draft is older than DRAFT_HOURS: deleted now, never used. */
  | { status: "expired" }
  | { status: "valid"; id: string; draft: RegistrationDraft };

let cookie: Cookie | undefined;

function draftCookie(): Cookie {
  if (!cookie) {
    // The whole site, not /register: with JavaScript the page's data and posts go to
    // /register.data, which a cookie of Path=/register does not reach.
    const { name, secure, path } = cookieIdentity("registration");
    cookie = createCookie(name, {
      path,
      httpOnly: true,
      sameSite: "lax",
      secure,
      secrets: [getEnv().SESSION_SECRET],
    });
  }
  return cookie;
}

/**
 * Keeps step 1 as this browser's draft, in place of the one it had (Next after Previous). Returns
 * the Set-Cookie header that gives the browser the new draft's id.
 */
export async function keepRegistrationDraft(
  draft: RegistrationDraft,
  { replacing = null, now = new Date() }: { replacing?: string | null; now?: Date } = {},
): Promise<string> {
  const id = newSessionId();
  const expiresAt = new Date(now.getTime() + DRAFT_MS);
  await getPrisma().$transaction(async (tx) => {
    if (replacing) await tx.registrationDraft.deleteMany({ where: { id: replacing } });
    await tx.registrationDraft.create({
      data: {
        id,
        firstName: draft.fName,
        lastName: draft.lName,
        email: draft.email,
        passwordHash: draft.passwordHash,
        createdAt: now,
        expiresAt,
      },
    });
  });
  // The browser forgets the cookie when the draft expires.
  return draftCookie().serialize(id, { expires: expiresAt });
}

/** This browser's draft, if its cookie is genuine and the draft still lives. An expired one is deleted. */
export async function openRegistrationDraft(request: Request, now = new Date()): Promise<OpenedDraft> {
  const id = await readSessionId(draftCookie(), request);
  if (!id) return { status: carriesCookie(draftCookie(), request) ? "invalid" : "none" };
  const row = await getPrisma().registrationDraft.findUnique({ where: { id } });
  if (!row) return { status: "invalid" };
  if (row.expiresAt <= now) {
    await getPrisma().registrationDraft.deleteMany({ where: { id } });
    return { status: "expired" };
  }
  return {
    status: "valid",
    id,
    draft: { fName: row.firstName, lName: row.lastName, email: row.email, passwordHash: row.passwordHash },
  };
}

/** The Set-Cookie header that makes the browser forget its draft cookie. */
export function forgetRegistrationDraft(): Promise<string> {
  return clearCookie(draftCookie());
}

/**
 * Uses the draft up, inside the transaction that creates the member: false when it is gone or
 * expired by now, and the caller then rolls back. A draft makes at most one account.
 */
export async function consumeRegistrationDraft(tx: Tx, id: string, now = new Date()): Promise<boolean> {
  const { count } = await tx.registrationDraft.deleteMany({ where: { id, expiresAt: { gt: now } } });
  return count === 1;
}

/** Deletes the drafts past their 24 hours; run by the inactivity job. */
export async function purgeExpiredRegistrationDrafts(db: PrismaClient, now = new Date()): Promise<number> {
  const { count } = await db.registrationDraft.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
