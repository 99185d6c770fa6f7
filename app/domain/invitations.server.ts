import { Prisma, type PrismaClient } from "~/generated/prisma/client";
import { getEnv } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";
import { ASSIGNMENT_STATUS } from "./assignment-status";
import type { Tx } from "~/lib/db.server";

// Survey invitations: a new assignment earns its member one e-mail, queued as a QueuedMail row in
// the transaction that creates the assignment and sent later by the mail worker
// (mail-queue.server.ts), never inside the request. See docs/decisions/024-invitations.md.
//
// Rules, all in ONE set-based statement, whatever the number of members:
// - only active members with a verified address are mailed (an admin may assign one member by id
//   whatever their state; that assignment simply waits uninvited until the member qualifies);
// - at most one invitation mail per member per UTC day. "Already mailed today" is read from
//   Assignment.invitedAt (some assignment of the member invited since midnight), which the same
//   statement stamps on every assignment a mail covers, when the mail is QUEUED. Assignments that
//   arrive after that day's mail stay uninvited and are summarised in the next day's mail, queued
//   by the worker's pass over all members ('You have N new surveys');
// - a mail covers every uninvited, unopened, still-assigned survey of its member, so nothing is
//   announced twice and a survey the member already opened or started is not announced at all.

/** Whose pending invitations a pass considers. */
export type InvitationScope = { memberId: number } | { surveyId: number } | "all";

/**
 * Serialises invitation passes across connections and app instances: without it two passes
 * running at once (an assignment and the worker's pass) could each mail the same member that day.
 * The lock is held to the end of the caller's transaction; the key is this module's own.
 */
const INVITATION_LOCK_KEY = 7_024_001;

/** The scope as a condition on the candidate assignment (alias a). */
function scopeSql(scope: InvitationScope): Prisma.Sql {
  if (scope === "all") return Prisma.sql`TRUE`;
  if ("memberId" in scope) return Prisma.sql`a."memberId" = ${scope.memberId}::int`;
  // Members who hold an uninvited assignment of this survey: served by the (surveyId, status) index.
  return Prisma.sql`a."memberId" IN (
    SELECT x."memberId" FROM "Assignment" x
    WHERE x."surveyId" = ${scope.surveyId}::int AND x."status" = ${ASSIGNMENT_STATUS.assigned}::smallint AND x."invitedAt" IS NULL)`;
}

/** A UTC instant as the database's timestamp (without time zone, UTC), whatever the session's zone. */
function utc(instant: Date): Prisma.Sql {
  return Prisma.sql`(${instant.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

function startOfUtcDay(instant: Date): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
}

/**
 * Queues the invitation mails that are due for the members in scope and stamps invitedAt on the
 * assignments they cover; returns how many mails were queued. Run it inside the transaction that
 * created the assignments (they and their mail commit or roll back together) or, with scope
 * "all", from the worker for the summaries held back from earlier days.
 */
export async function queueInvitations(tx: Tx, scope: InvitationScope, now: Date = new Date()): Promise<number> {
  await tx.$executeRaw`SELECT 1 FROM pg_advisory_xact_lock(${INVITATION_LOCK_KEY}::bigint)`;
  const mail = invitationTemplates();
  // The survey name enters the HTML escaped, by SQL, since the mail is built in the statement.
  const htmlName = Prisma.sql`replace(replace(replace(replace(p."name", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')`;
  return tx.$executeRaw`
    WITH candidates AS (
      SELECT a."id"
      FROM "Assignment" a
      JOIN "Member" m ON m."id" = a."memberId"
      WHERE ${scopeSql(scope)}
        AND a."status" = ${ASSIGNMENT_STATUS.assigned}::smallint
        AND a."invitedAt" IS NULL
        AND a."openedAt" IS NULL
        AND m."status" = 'active'
        AND m."emailVerifiedAt" IS NOT NULL
        AND NOT EXISTS (
          SELECT 1 FROM "Assignment" today
          WHERE today."memberId" = a."memberId" AND today."invitedAt" >= ${utc(startOfUtcDay(now))})
    ),
    covered AS (
      UPDATE "Assignment" a SET "invitedAt" = ${utc(now)}
      FROM candidates c
      WHERE a."id" = c."id" AND a."invitedAt" IS NULL
      RETURNING a."memberId", a."surveyId"
    ),
    per_member AS (
      SELECT k."memberId", count(*) AS "n", min(s."name") AS "name"
      FROM covered k JOIN "Survey" s ON s."id" = k."surveyId"
      GROUP BY k."memberId"
    )
    INSERT INTO "QueuedMail" ("to", "subject", "text", "html", "status", "attempts", "sendAfter", "createdAt")
    SELECT m."email",
           CASE WHEN p."n" = 1 THEN ${mail.one.subject} || p."name" ELSE p."n"::text || ${mail.many.subject} END,
           CASE WHEN p."n" = 1 THEN replace(${mail.one.text}, '{survey}', p."name") ELSE replace(${mail.many.text}, '{count}', p."n"::text) END,
           CASE WHEN p."n" = 1 THEN replace(${mail.one.html}, '{survey}', ${htmlName}) ELSE replace(${mail.many.html}, '{count}', p."n"::text) END,
           'queued', 0, ${utc(now)}, ${utc(now)}
    FROM per_member p JOIN "Member" m ON m."id" = p."memberId"`;
}

/**
 * A bulk assignment's invitations: one row in its transaction instead of a mail per member. The
 * mail worker's next pass (queueRequestedInvitations) queues them, so an assignment to a million
 * members costs the admin's request the INSERT … SELECT alone, and the mails still exist only if
 * the assignment committed. A second request for the same survey before the pass is the same row.
 */
export async function requestInvitations(tx: Tx, surveyId: number): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "InvitationRequest" ("surveyId", "requestedAt") VALUES (${surveyId}::int, now())
    ON CONFLICT ("surveyId") DO UPDATE SET "requestedAt" = EXCLUDED."requestedAt"`;
}

/**
 * Queues the invitations that bulk assignments asked for, one survey per transaction, and returns
 * how many mails were queued. A request is taken with FOR UPDATE SKIP LOCKED and deleted in the
 * transaction that queues its mails, so two workers never take the same one, and a worker that
 * dies leaves it for the next pass. An assignment of the survey committed after the request was
 * taken makes a new request (its INSERT waits for the DELETE to commit, then finds no row).
 */
export async function queueRequestedInvitations(db: PrismaClient, now: Date = new Date()): Promise<number> {
  let queued = 0;
  for (;;) {
    const taken = await db.$transaction(async (tx) => {
      const [request] = await tx.$queryRaw<{ surveyId: number }[]>`
        DELETE FROM "InvitationRequest" WHERE "surveyId" = (
          SELECT "surveyId" FROM "InvitationRequest" ORDER BY "requestedAt" LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING "surveyId"`;
      if (!request) return null;
      return queueInvitations(tx, { surveyId: request.surveyId }, now);
    }, BULK_INVITATION_TRANSACTION);
    if (taken === null) return queued;
    queued += taken;
  }
}

/** A survey's invitations may cover a million members: minutes, not the default five seconds. */
export const BULK_INVITATION_TRANSACTION = { timeout: 10 * 60_000 };

/** The subjects start with these; tests and the outbox reader recognise invitations by them. */
export const INVITATION_SUBJECTS = { one: "New survey available: ", many: " new surveys are waiting for you" } as const;

/**
 * The two mails, with {survey} and {count} filled in by the statement. The only link is the
 * dashboard: it carries no member id or token, the member signs in as usual.
 */
function invitationTemplates() {
  const dashboard = `${getEnv().APP_URL.replace(/\/+$/, "")}/dashboard`;
  const href = escapeHtml(dashboard);
  const footer = `You receive at most one invitation a day from ${PRODUCT_NAME}; surveys added later that day are listed in the next one.`;
  const html = (body: string) =>
    `<p>${body}</p><p><a href="${href}">Open your dashboard</a> to start.</p><p style="color:#555;font-size:12px">${escapeHtml(footer)}</p>`;
  return {
    one: {
      subject: INVITATION_SUBJECTS.one,
      text: `A new survey is waiting for you on ${PRODUCT_NAME}: {survey}.\n\nOpen your dashboard to start it:\n${dashboard}\n\n${footer}\n`,
      html: html(`A new survey is waiting for you on ${escapeHtml(PRODUCT_NAME)}: <strong>{survey}</strong>.`),
    },
    many: {
      subject: INVITATION_SUBJECTS.many,
      text: `You have {count} new surveys on ${PRODUCT_NAME}.\n\nOpen your dashboard to start them:\n${dashboard}\n\n${footer}\n`,
      html: html(`You have {count} new surveys on ${escapeHtml(PRODUCT_NAME)}.`),
    },
  };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
