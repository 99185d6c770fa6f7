import { Prisma, type PrismaClient } from "~/generated/prisma/client";
import type { Language } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { getEnv } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";
import { ASSIGNMENT_STATUS } from "./assignment-status";
import { liveSurveySql } from "./survey-live.server";
import { memberMatchesAudienceSql, memberMatchesSql } from "./audiences.server";
import type { Tx } from "~/lib/db.server";

// Survey invitations: a survey offered to a member earns them one e-mail, queued as a QueuedMail row
// and sent later by the mail worker (mail-queue.server.ts), never inside the request. See
// docs/decisions/024-invitations.md. A survey reaches a member in two ways, and both are announced:
// - an Assignment row (assign one member, reassign): queued in the transaction that writes it;
// - an audience (assign to all, by demographics: no row per member, decision 049): the worker sweeps
//   the audience's members in keyset batches, and checks the members whose match may have changed
//   (MemberAudienceCheck, written by triggers) on every pass. Each (survey, member) it announces is
//   an AudienceInvitation row, so nobody is invited twice to one survey.
//
// The mail itself is ONE set-based statement (queueInvitations), whatever the number of members:
// - only active members with a verified address are mailed (an admin may assign one member by id
//   whatever their state; that assignment simply waits uninvited until the member qualifies);
// - and only members who have not turned invitation mails off on My Detail (decision 068): their
//   assignments wait uninvited, and no audience invitation is recorded for them, until they turn
//   mails back on (which asks for a check of their audiences, invitation-choice.server.ts);
// - at most one invitation mail per member per UTC day, by either path: "already mailed today" is
//   MemberInvitationMail.lastQueuedAt, which the statement sets when the mail is QUEUED. What arrives
//   after that day's mail stays uninvited (Assignment.invitedAt or AudienceInvitation.invitedAt null)
//   and is summarised in the next day's mail, queued by the worker's pass over all members
//   ('You have N new surveys');
// - a mail covers everything uninvited of its member: unopened, still-assigned assignments, and
//   audience surveys that are launched, that the member still matches and has not opened.

/** Whose pending invitations a pass considers. */
export type InvitationScope = { memberId: number } | { memberIds: readonly number[] } | "all";

/**
 * Serialises invitation passes across connections and app instances: without it two passes
 * running at once (an assignment and the worker's pass) could each mail the same member that day.
 * The lock is held to the end of the caller's transaction; the key is this module's own.
 */
const INVITATION_LOCK_KEY = 7_024_001;

/** Members per batch of an audience's sweep: one invitation each at most. */
const INVITATION_BATCH_SIZE = 1_000;
/**
 * Members per batch of the check of changed members: each may match every live audience, and one
 * batch of 1,000 new members against 200 audiences (200,000 invitations) took 12 s on PostgreSQL.
 */
const CHANGED_MEMBERS_BATCH_SIZE = 100;

/** The scope as a condition on a member id column. */
function scopeSql(scope: InvitationScope, column: Prisma.Sql): Prisma.Sql {
  if (scope === "all") return Prisma.sql`TRUE`;
  if ("memberId" in scope) return Prisma.sql`${column} = ${scope.memberId}::int`;
  if (scope.memberIds.length === 0) return Prisma.sql`FALSE`;
  return Prisma.sql`${column} IN (${Prisma.join(scope.memberIds.map((id) => Prisma.sql`${id}::int`))})`;
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
 * assignments and audience invitations they cover; returns how many mails were queued. Run it inside
 * the transaction that created what it announces (they and their mail commit or roll back together)
 * or, with scope "all", from the worker for the summaries held back from earlier days.
 */
export async function queueInvitations(tx: Tx, scope: InvitationScope, now: Date = new Date()): Promise<number> {
  await tx.$executeRaw`SELECT 1 FROM pg_advisory_xact_lock(${INVITATION_LOCK_KEY}::bigint)`;
  const mail = await invitationTemplates();
  // The survey name enters the HTML escaped, by SQL, since the mail is built in the statement.
  const htmlName = Prisma.sql`replace(replace(replace(replace(p."name", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')`;
  // Each member's mail in their language (Member.language; English while they never chose).
  const inLanguage = (field: (template: InvitationTemplate) => Prisma.Sql) =>
    Prisma.sql`CASE WHEN m."language" = ${"hi"} THEN ${field(mail.hi)} ELSE ${field(mail.en)} END`;
  const notMailedToday = (column: Prisma.Sql) => Prisma.sql`NOT EXISTS (
          SELECT 1 FROM "MemberInvitationMail" l
          WHERE l."memberId" = ${column} AND l."lastQueuedAt" >= ${utc(startOfUtcDay(now))})`;
  return tx.$executeRaw`
    WITH assigned AS (
      SELECT a."id"
      FROM "Assignment" a
      JOIN "Member" m ON m."id" = a."memberId"
      WHERE ${scopeSql(scope, Prisma.sql`a."memberId"`)}
        AND a."status" = ${ASSIGNMENT_STATUS.assigned}::smallint
        AND a."invitedAt" IS NULL
        AND a."openedAt" IS NULL
        AND m."status" = 'active'
        AND m."emailVerifiedAt" IS NOT NULL
        AND m."invitationMails"
        AND ${notMailedToday(Prisma.sql`a."memberId"`)}
    ),
    matched AS (
      SELECT ai."surveyId", ai."memberId"
      FROM "AudienceInvitation" ai
      JOIN "Member" m ON m."id" = ai."memberId"
      JOIN "SurveyAudience" au ON au."surveyId" = ai."surveyId"
      JOIN "Survey" s ON s."id" = ai."surveyId" AND ${liveSurveySql("s")}
      WHERE ${scopeSql(scope, Prisma.sql`ai."memberId"`)}
        AND ai."invitedAt" IS NULL
        AND m."invitationMails"
        AND ${memberMatchesAudienceSql()}
        AND NOT EXISTS (SELECT 1 FROM "Assignment" x WHERE x."memberId" = ai."memberId" AND x."surveyId" = ai."surveyId")
        AND ${notMailedToday(Prisma.sql`ai."memberId"`)}
    ),
    covered_assignments AS (
      UPDATE "Assignment" a SET "invitedAt" = ${utc(now)}
      FROM assigned c
      WHERE a."id" = c."id" AND a."invitedAt" IS NULL
      RETURNING a."memberId", a."surveyId"
    ),
    covered_audiences AS (
      UPDATE "AudienceInvitation" ai SET "invitedAt" = ${utc(now)}
      FROM matched c
      WHERE ai."surveyId" = c."surveyId" AND ai."memberId" = c."memberId" AND ai."invitedAt" IS NULL
      RETURNING ai."memberId", ai."surveyId"
    ),
    covered AS (
      SELECT "memberId", "surveyId" FROM covered_assignments
      UNION
      SELECT "memberId", "surveyId" FROM covered_audiences
    ),
    per_member AS (
      SELECT k."memberId", count(*) AS "n", min(s."name") AS "name"
      FROM covered k JOIN "Survey" s ON s."id" = k."surveyId"
      GROUP BY k."memberId"
    ),
    mailed AS (
      INSERT INTO "MemberInvitationMail" ("memberId", "lastQueuedAt")
      SELECT p."memberId", ${utc(now)} FROM per_member p
      ON CONFLICT ("memberId") DO UPDATE SET "lastQueuedAt" = EXCLUDED."lastQueuedAt"
    )
    INSERT INTO "QueuedMail" ("to", "subject", "text", "html", "status", "attempts", "sendAfter", "createdAt")
    SELECT m."email",
           ${inLanguage((t) => Prisma.sql`CASE WHEN p."n" = 1 THEN replace(${t.one.subject}, '{survey}', p."name") ELSE replace(${t.many.subject}, '{count}', p."n"::text) END`)},
           ${inLanguage((t) => Prisma.sql`CASE WHEN p."n" = 1 THEN replace(${t.one.text}, '{survey}', p."name") ELSE replace(${t.many.text}, '{count}', p."n"::text) END`)},
           ${inLanguage((t) => Prisma.sql`CASE WHEN p."n" = 1 THEN replace(${t.one.html}, '{survey}', ${htmlName}) ELSE replace(${t.many.html}, '{count}', p."n"::text) END`)},
           'queued', 0, ${utc(now)}, ${utc(now)}
    FROM per_member p JOIN "Member" m ON m."id" = p."memberId"`;
}

/**
 * An audience's invitations: one row in the transaction that saves the audience, instead of a mail
 * per member. The mail worker's sweep (queueRequestedInvitations) pages through the audience's
 * members from the start; saving the audience again while a sweep is under way starts it again
 * (members already invited are skipped), so a changed audience is swept whole.
 */
export async function requestInvitations(tx: Tx, surveyId: number): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "InvitationRequest" ("surveyId", "requestedAt", "afterMemberId") VALUES (${surveyId}::int, now(), 0)
    ON CONFLICT ("surveyId") DO UPDATE SET "requestedAt" = EXCLUDED."requestedAt", "afterMemberId" = 0`;
}

interface BatchOptions {
  /** Members per batch; INVITATION_BATCH_SIZE unless a test wants several small batches. */
  batchSize?: number;
  /** Called after each committed batch (tests use it to stop the worker between batches). */
  afterBatch?: () => void | Promise<void>;
  /**
   * No batch starts after this instant (Date.now()): the worker's pass leaves the rest to the next
   * pass (the cursor and the queue keep it), so that the mail queue is drained meanwhile and a
   * SIGTERM waits for one batch, not for a whole million-member sweep.
   */
  until?: number;
}

// Both writers of AudienceInvitation (a sweep's batch, a check of changed members) insert in
// (surveyId, memberId) order: when a member is in both at once, the second waits for the first's
// row instead of the two waiting for each other (a deadlock) on PostgreSQL.

/**
 * Sweeps the audiences whose invitations were requested, one batch of members per transaction, and
 * returns how many mails were queued. A batch takes the oldest request of a launched survey with FOR
 * UPDATE SKIP LOCKED (two workers never sweep one audience at once; a survey not launched yet waits),
 * takes the next matching members after the request's cursor by id, records an AudienceInvitation for
 * each who holds no assignment of the survey, queues their mails, and moves the cursor, or deletes
 * the request after the last batch. A worker that dies between batches leaves the cursor of the last
 * committed batch, so the next pass resumes there and nobody is mailed twice.
 */
export async function queueRequestedInvitations(
  db: PrismaClient,
  now: Date = new Date(),
  { batchSize = INVITATION_BATCH_SIZE, ...options }: BatchOptions = {},
): Promise<number> {
  return runBatches(db, (tx) => sweepBatch(tx, now, batchSize), options);
}

/**
 * Runs one batch per transaction until a batch finds nothing to do (null) or the time is up; sums
 * the mails queued.
 */
async function runBatches(
  db: PrismaClient,
  batch: (tx: Tx) => Promise<number | null>,
  { afterBatch, until = Infinity }: BatchOptions,
): Promise<number> {
  let queued = 0;
  for (;;) {
    const mails = await db.$transaction(batch, INVITATION_BATCH_TRANSACTION);
    if (mails === null) return queued;
    queued += mails;
    await afterBatch?.();
    if (Date.now() >= until) return queued;
  }
}

async function sweepBatch(tx: Tx, now: Date, batchSize: number): Promise<number | null> {
  const [request] = await tx.$queryRaw<
    { surveyId: number; afterMemberId: number; country: string | null; hasAudience: boolean }[]
  >`
    SELECT r."surveyId", r."afterMemberId", s."country", (au."surveyId" IS NOT NULL) AS "hasAudience"
    FROM "InvitationRequest" r
    JOIN "Survey" s ON s."id" = r."surveyId" AND ${liveSurveySql("s")}
    LEFT JOIN "SurveyAudience" au ON au."surveyId" = r."surveyId"
    ORDER BY r."requestedAt", r."surveyId"
    LIMIT 1
    FOR UPDATE OF r SKIP LOCKED`;
  if (!request) return null;
  const { surveyId, afterMemberId, country } = request;
  // A request left by an assignment of the old kind, or of an audience deleted meanwhile.
  if (!request.hasAudience) {
    await tx.invitationRequest.delete({ where: { surveyId } });
    return 0;
  }
  const targets = await tx.demographicTarget.findMany({
    where: { surveyId },
    select: { questionId: true, optionId: true },
  });
  const batch = await tx.$queryRaw<{ id: number }[]>`
    WITH batch AS (
      SELECT m."id", m."invitationMails" FROM "Member" m
      WHERE m."id" > ${afterMemberId}::int AND ${memberMatchesSql(country, targets)}
      ORDER BY m."id"
      LIMIT ${batchSize}::int
    ),
    recorded AS (
      INSERT INTO "AudienceInvitation" ("surveyId", "memberId")
      SELECT ${surveyId}::int, b."id" FROM batch b
      WHERE b."invitationMails" AND NOT EXISTS (SELECT 1 FROM "Assignment" a WHERE a."memberId" = b."id" AND a."surveyId" = ${surveyId}::int)
      ORDER BY b."id"
      ON CONFLICT DO NOTHING
    )
    SELECT b."id" FROM batch b ORDER BY b."id"`;
  const memberIds = batch.map((row) => row.id);
  const queued = memberIds.length > 0 ? await queueInvitations(tx, { memberIds }, now) : 0;
  if (memberIds.length < batchSize) {
    await tx.invitationRequest.delete({ where: { surveyId } });
  } else {
    await tx.invitationRequest.update({
      where: { surveyId },
      data: { afterMemberId: memberIds[memberIds.length - 1] },
    });
  }
  return queued;
}

/**
 * Invites the members who may have come to match a live audience since it was swept (registered
 * and verified, reactivated, moved country, answered a targeted option: the MemberAudienceCheck
 * rows the database's triggers write), a batch per transaction, and returns how many mails were
 * queued. Each batch deletes the rows it takes (SKIP LOCKED: workers share them), records an
 * AudienceInvitation for every launched audience the member matches now and has neither opened nor
 * been invited to, and queues their mails. A change committed while a batch runs writes a new row
 * once the batch commits, for the next pass.
 */
export async function queueChangedMemberInvitations(
  db: PrismaClient,
  now: Date = new Date(),
  { batchSize = CHANGED_MEMBERS_BATCH_SIZE, ...options }: BatchOptions = {},
): Promise<number> {
  return runBatches(
    db,
    async (tx) => {
      const taken = await tx.$queryRaw<{ memberId: number }[]>`
        DELETE FROM "MemberAudienceCheck" WHERE "memberId" IN (
          SELECT "memberId" FROM "MemberAudienceCheck" ORDER BY "memberId" LIMIT ${batchSize}::int FOR UPDATE SKIP LOCKED)
        RETURNING "memberId"`;
      if (taken.length === 0) return null;
      const memberIds = taken.map((row) => row.memberId);
      await tx.$executeRaw`
        INSERT INTO "AudienceInvitation" ("surveyId", "memberId")
        SELECT au."surveyId", m."id"
        FROM "Member" m
        JOIN "SurveyAudience" au ON TRUE
        JOIN "Survey" s ON s."id" = au."surveyId" AND ${liveSurveySql("s")}
        WHERE ${scopeSql({ memberIds }, Prisma.sql`m."id"`)}
          AND m."invitationMails"
          AND ${memberMatchesAudienceSql()}
          AND NOT EXISTS (SELECT 1 FROM "Assignment" a WHERE a."memberId" = m."id" AND a."surveyId" = au."surveyId")
        ORDER BY au."surveyId", m."id"
        ON CONFLICT DO NOTHING`;
      return queueInvitations(tx, { memberIds }, now);
    },
    options,
  );
}

/**
 * Forgets the held-back audience invitations that can no longer be sent: the audience was deleted,
 * the member opened the survey or no longer matches. Run before the pass over all members, so that
 * held-back rows do not pile up; a member who matches again is checked again (a trigger) and gets a
 * new row. Invitations of a survey that is not launched for now are kept for its relaunch.
 */
export async function forgetStaleInvitations(tx: Tx): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM "AudienceInvitation" ai
    WHERE ai."invitedAt" IS NULL
      AND NOT EXISTS (
        SELECT 1
        FROM "Member" m
        JOIN "SurveyAudience" au ON au."surveyId" = ai."surveyId"
        JOIN "Survey" s ON s."id" = au."surveyId"
        WHERE m."id" = ai."memberId"
          AND ${memberMatchesAudienceSql()}
          AND NOT EXISTS (SELECT 1 FROM "Assignment" x WHERE x."memberId" = ai."memberId" AND x."surveyId" = ai."surveyId"))`;
}

/** One batch is a thousand members: seconds at most, but more than the default five on a busy PGlite. */
const INVITATION_BATCH_TRANSACTION = { timeout: 60_000 };

/** The pass over every member's held-back invitations: minutes on a large panel, not the default five seconds. */
export const BULK_INVITATION_TRANSACTION = { timeout: 10 * 60_000 };

/** The subjects start with these; tests and the outbox reader recognise invitations by them. */
export const INVITATION_SUBJECTS = { one: "New survey available: ", many: " new surveys are waiting for you" } as const;

type InvitationTemplate = Awaited<ReturnType<typeof invitationTemplate>>;

/** The two mails in each language, English and Hindi. */
async function invitationTemplates(): Promise<Record<Language, InvitationTemplate>> {
  const [en, hi] = await Promise.all([invitationTemplate("en"), invitationTemplate("hi")]);
  return { en, hi };
}

/**
 * The two mails, with {survey} and {count} filled in by the statement. The only link is the
 * dashboard: it carries no member id or token, the member signs in as usual.
 */
async function invitationTemplate(language: Language) {
  const tMail = await getT(language, ["email"]);
  const product = PRODUCT_NAME;
  // The statement's markers stand for the values; the HTML ones are put in after escaping.
  const survey = "{survey}";
  const count = "{count}";
  const dashboard = `${getEnv().APP_URL.replace(/\/+$/, "")}/dashboard`;
  const href = escapeHtml(dashboard);
  const footer = tMail(
    "You receive at most one invitation a day from {{product}}; surveys added later that day are listed in the next one.",
    { product },
  );
  const link = `<a href="${href}">${escapeHtml(tMail("Open your dashboard"))}</a>`;
  const start = escapeHtml(tMail("{{link}} to start.", { link: "{link}" })).replace("{link}", link);
  const html = (body: string) =>
    `<p>${body}</p><p>${start}</p><p style="color:#555;font-size:12px">${escapeHtml(footer)}</p>`;
  const text = (lines: string[]) => [...lines, dashboard, "", footer, ""].join("\n");
  return {
    one: {
      subject: tMail("New survey available: {{survey}}", { survey }),
      text: text([
        tMail("A new survey is waiting for you on {{product}}: {{survey}}.", { product, survey }),
        "",
        tMail("Open your dashboard to start it:"),
      ]),
      html: html(
        escapeHtml(
          tMail("A new survey is waiting for you on {{product}}: {{survey}}.", { product, survey: "{strong}" }),
        )
          // The survey's name itself is escaped by the statement.
          .replace("{strong}", `<strong>${survey}</strong>`),
      ),
    },
    many: {
      subject: tMail("{{number}} new surveys are waiting for you", { number: count }),
      text: text([
        tMail("You have {{number}} new surveys on {{product}}.", { product, number: count }),
        "",
        tMail("Open your dashboard to start them:"),
      ]),
      html: html(escapeHtml(tMail("You have {{number}} new surveys on {{product}}.", { product, number: count }))),
    },
  };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
