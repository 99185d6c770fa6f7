import { APP_ORIGIN } from "../support/file-outbox";
import { describe, expect, test } from "vitest";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { assignSurvey, assignToAllEligible, findAssignSurvey } from "~/domain/assignments.server";
import {
  INVITATION_SUBJECTS,
  queueInvitations,
  queueRequestedInvitations,
  type InvitationScope,
} from "~/domain/invitations.server";
import {
  drainMailQueue,
  MAIL_MAX_ATTEMPTS,
  retryDelayMs,
  runMailPass,
  type SendMail,
} from "~/domain/mail-queue.server";
import { listOutbox, type Mail } from "~/domain/mail.server";
import { getPrisma } from "~/lib/db.server";
import { createTestAdmin, createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";

// Survey invitations: queued in the assignment's transaction (one set-based statement, nothing
// sent in the request) or, for a bulk assignment, by the worker from the request it leaves, only to active verified members, at most one mail per member per UTC day
// with the rest summarised the next day; and the mail worker: due rows only, retries with backoff,
// failed after the limit, and two workers at once never sending one mail twice.

const queued = () => getPrisma().queuedMail.findMany({ orderBy: { id: "asc" } });
const NOON = new Date("2030-03-14T12:00:00.000Z");
const at = (iso: string) => new Date(iso);

async function invite(scope: InvitationScope, now: Date) {
  return getPrisma().$transaction((tx) => queueInvitations(tx, scope, now));
}

function links(text: string): string[] {
  return text.match(/https?:\/\/[^\s"<]+/g) ?? [];
}

describe("queueing invitations with an assignment", () => {
  test("assigning one member queues one mail with the dashboard link, stamps invitedAt and sends nothing inline", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const survey = await createTestSurvey({ name: "Coffee <habits> & you" });

    const result = await assignSurvey(admin, survey, { memberId: member.id, screenerId: null, points: 10 });
    expect(result.ok).toBe(true);

    const mails = await queued();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: member.email,
      subject: `${INVITATION_SUBJECTS.one}Coffee <habits> & you`,
      status: "queued",
      attempts: 0,
      sentAt: null,
    });
    expect(mails[0].text).toContain("Coffee <habits> & you");
    expect(mails[0].html).toContain("<strong>Coffee &lt;habits&gt; &amp; you</strong>");
    // The only link is the dashboard: no member id, no token.
    for (const body of [mails[0].text, mails[0].html]) expect(links(body)).toEqual([`${APP_ORIGIN}/dashboard`]);
    expect(mails[0].text).not.toContain(String(member.id));

    const assignment = await getPrisma().assignment.findFirstOrThrow({ where: { memberId: member.id } });
    expect(assignment.invitedAt).not.toBeNull();
    expect(await listOutbox()).toEqual([]);
  });

  test("assign to all asks for its invitations; the worker's next pass queues one mail per eligible member", async () => {
    const admin = await createTestAdmin();
    const members = await Promise.all(Array.from({ length: 12 }, () => createTestMember()));
    await createTestMember({ status: "inactive" });
    await createTestMember({ emailVerifiedAt: null });
    const survey = (await findAssignSurvey((await createTestSurvey()).id))!;

    const result = await assignToAllEligible(admin, survey, { screenerId: null, points: 5 });
    expect(result).toMatchObject({ ok: true, count: members.length });
    // The admin's request wrote one request row, not a mail per member.
    expect(await queued()).toEqual([]);
    expect(await getPrisma().invitationRequest.findMany({ select: { surveyId: true } })).toEqual([
      { surveyId: survey.id },
    ]);

    expect(await queueRequestedInvitations(getPrisma(), NOON)).toBe(members.length);
    const mails = await queued();
    expect(new Set(mails.map((mail) => mail.to))).toEqual(new Set(members.map((member) => member.email)));
    // One statement stamps them all at once: a single createdAt and invitedAt for the whole batch.
    expect(new Set(mails.map((mail) => mail.createdAt.toISOString())).size).toBe(1);
    expect(await getPrisma().assignment.count({ where: { surveyId: survey.id, invitedAt: null } })).toBe(0);
    expect(await getPrisma().invitationRequest.count()).toBe(0);
    expect(await listOutbox()).toEqual([]);
    // The request is gone: a second pass queues nothing more.
    expect(await queueRequestedInvitations(getPrisma(), NOON)).toBe(0);
  });

  test("two workers taking requested invitations at once queue each member's mail once", async () => {
    const admin = await createTestAdmin();
    const members = await Promise.all(Array.from({ length: 6 }, () => createTestMember()));
    for (const name of ["First", "Second", "Third"]) {
      const survey = (await findAssignSurvey((await createTestSurvey({ name })).id))!;
      await assignToAllEligible(admin, survey, { screenerId: null, points: 5 });
    }
    const passes = await Promise.all([
      queueRequestedInvitations(getPrisma(), NOON),
      queueRequestedInvitations(getPrisma(), NOON),
    ]);
    // One mail per member that day, whichever worker took which survey; the rest wait for the summary.
    expect(passes[0] + passes[1]).toBe(members.length);
    expect((await queued()).map((mail) => mail.to).sort()).toEqual(members.map((member) => member.email).sort());
    expect(await getPrisma().invitationRequest.count()).toBe(0);
  });

  test("a rolled-back assignment queues nothing (the mail lives in the assignment's transaction)", async () => {
    const member = await createTestMember();
    const survey = await createTestSurvey();
    await expect(
      getPrisma().$transaction(async (tx) => {
        await tx.assignment.create({
          data: { surveyId: survey.id, memberId: member.id, points: 1, respondentToken: "rolled-back" },
        });
        await queueInvitations(tx, { memberId: member.id }, NOON);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await queued()).toEqual([]);
  });

  test("inactive or unverified members get no mail; their assignment waits uninvited", async () => {
    const admin = await createTestAdmin();
    const inactive = await createTestMember({ status: "inactive" });
    const unverified = await createTestMember({ emailVerifiedAt: null });
    const survey = await createTestSurvey();
    for (const member of [inactive, unverified]) {
      expect((await assignSurvey(admin, survey, { memberId: member.id, screenerId: null, points: 1 })).ok).toBe(true);
    }
    expect(await queued()).toEqual([]);
    expect(await getPrisma().assignment.count({ where: { invitedAt: { not: null } } })).toBe(0);

    // Once verified, the worker's pass over all members invites them.
    await getPrisma().member.update({ where: { id: unverified.id }, data: { emailVerifiedAt: new Date() } });
    expect(await invite("all", NOON)).toBe(1);
    expect((await queued()).map((mail) => mail.to)).toEqual([unverified.email]);
  });
});

describe("one invitation mail per member per day", () => {
  test("a second assignment the same day is not mailed; the next day's mail summarises the rest", async () => {
    const member = await createTestMember();
    // One after another: concurrent factories race on the shared category.
    const first = await createTestSurvey({ name: "First" });
    const second = await createTestSurvey({ name: "Second" });
    const third = await createTestSurvey({ name: "Third" });
    await createTestAssignment(first.id, member.id);
    expect(await invite({ memberId: member.id }, at("2030-03-14T08:00:00Z"))).toBe(1);

    await createTestAssignment(second.id, member.id);
    await createTestAssignment(third.id, member.id);
    expect(await invite({ surveyId: second.id }, at("2030-03-14T15:00:00Z"))).toBe(0);
    expect(await invite("all", at("2030-03-14T23:59:59Z"))).toBe(0);
    expect(await queued()).toHaveLength(1);

    // Just after midnight UTC, the worker's pass queues one mail for both.
    expect(await invite("all", at("2030-03-15T00:05:00Z"))).toBe(1);
    const mails = await queued();
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({ to: member.email, subject: `2${INVITATION_SUBJECTS.many}` });
    expect(mails[1].text).toContain("You have 2 new surveys");
    expect(await getPrisma().assignment.count({ where: { invitedAt: null } })).toBe(0);
    // And nothing more that day, nor when nothing new arrived.
    expect(await invite("all", at("2030-03-16T09:00:00Z"))).toBe(0);
  });

  test("through the assign form: a second survey the same day queues no second mail", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const one = await createTestSurvey();
    const two = await createTestSurvey();
    await assignSurvey(admin, one, { memberId: member.id, screenerId: null, points: 1 });
    await assignSurvey(admin, two, { memberId: member.id, screenerId: null, points: 1 });
    expect(await queued()).toHaveLength(1);
    expect(await getPrisma().assignment.count({ where: { memberId: member.id, invitedAt: null } })).toBe(1);
  });

  test("a survey the member already opened or started is not announced", async () => {
    const member = await createTestMember();
    const opened = await createTestSurvey();
    const started = await createTestSurvey();
    const fresh = await createTestSurvey({ name: "Fresh" });
    await createTestAssignment(opened.id, member.id, { openedAt: NOON });
    await createTestAssignment(started.id, member.id, { status: ASSIGNMENT_STATUS.started });
    await createTestAssignment(fresh.id, member.id);
    expect(await invite("all", NOON)).toBe(1);
    expect((await queued())[0].subject).toBe(`${INVITATION_SUBJECTS.one}Fresh`);
  });
});

describe("the mail worker", () => {
  async function queueMail(count: number, sendAfter = NOON) {
    await getPrisma().queuedMail.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        to: `reader${i}@example.com`,
        subject: `Message ${i}`,
        text: `Text ${i}`,
        html: `<p>Html ${i}</p>`,
        sendAfter,
      })),
    });
  }

  test("sends due mail into the file outbox and marks it sent; mail not yet due waits", async () => {
    await queueMail(3);
    await getPrisma().queuedMail.create({
      data: { to: "later@example.com", subject: "Later", text: "t", html: "h", sendAfter: at("2030-03-14T13:00:00Z") },
    });

    expect(await drainMailQueue({ now: () => NOON })).toEqual({ sent: 3, retried: 0, failed: 0 });
    const outbox = await listOutbox();
    expect(outbox.map((mail) => mail.subject).sort()).toEqual(["Message 0", "Message 1", "Message 2"]);
    const rows = await queued();
    expect(
      rows
        .slice(0, 3)
        .every((row) => row.status === "sent" && row.attempts === 1 && row.sentAt?.getTime() === NOON.getTime()),
    ).toBe(true);
    expect(rows[3]).toMatchObject({ status: "queued", attempts: 0 });

    // Nothing is sent twice by a later pass.
    expect(await drainMailQueue({ now: () => NOON })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await listOutbox()).toHaveLength(3);
  });

  test("a failing send is retried with a growing delay and marked failed after the last attempt", async () => {
    await queueMail(1);
    const failing: SendMail = () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:1"));
    let now = NOON;
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt += 1) {
      expect(await drainMailQueue({ now: () => now, send: failing })).toEqual({ sent: 0, retried: 1, failed: 0 });
      const [row] = await queued();
      expect(row).toMatchObject({ status: "queued", attempts: attempt, lastError: "connect ECONNREFUSED 127.0.0.1:1" });
      expect(row.sendAfter.getTime()).toBe(now.getTime() + retryDelayMs(attempt));
      // Not due before its delay has passed.
      expect(await drainMailQueue({ now: () => new Date(row.sendAfter.getTime() - 1), send: failing })).toEqual({
        sent: 0,
        retried: 0,
        failed: 0,
      });
      now = row.sendAfter;
    }
    expect(await drainMailQueue({ now: () => now, send: failing })).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect((await queued())[0]).toMatchObject({ status: "failed", attempts: MAIL_MAX_ATTEMPTS, sentAt: null });
    // A failed mail is never picked again.
    expect(await drainMailQueue({ now: () => at("2031-01-01T00:00:00Z") })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(retryDelayMs(1)).toBeLessThan(retryDelayMs(2));
  });

  test("a retry that then succeeds is sent once and clears the error", async () => {
    await queueMail(1);
    let calls = 0;
    const flaky: SendMail = async () => {
      calls += 1;
      if (calls === 1) throw new Error("421 try later");
    };
    await drainMailQueue({ now: () => NOON, send: flaky });
    const later = new Date(NOON.getTime() + retryDelayMs(1));
    expect(await drainMailQueue({ now: () => later, send: flaky })).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect((await queued())[0]).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  test("two workers draining at once never send the same mail twice", async () => {
    await queueMail(60);
    const deliveries: string[] = [];
    const slowSender: SendMail = async (mail: Mail) => {
      // Yield between sends so that the two drains interleave.
      await new Promise((resolve) => setTimeout(resolve, 1));
      deliveries.push(mail.subject);
    };
    const [a, b] = await Promise.all([
      drainMailQueue({ now: () => NOON, send: slowSender, batchSize: 5 }),
      drainMailQueue({ now: () => NOON, send: slowSender, batchSize: 5 }),
    ]);
    expect(a.sent + b.sent).toBe(60);
    expect(deliveries).toHaveLength(60);
    expect(new Set(deliveries).size).toBe(60);
    expect(await getPrisma().queuedMail.count({ where: { status: "sent", attempts: 1 } })).toBe(60);
  });

  test("every worker pass queues the invitations a bulk assignment asked for, held-back summaries or not", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const survey = (await findAssignSurvey((await createTestSurvey({ name: "Everyone" })).id))!;
    await assignToAllEligible(admin, survey, { screenerId: null, points: 5 });
    const pass = await runMailPass({ invitations: false, now: () => NOON });
    expect(pass).toEqual({ invited: 1, sent: 1, retried: 0, failed: 0 });
    const [mail] = await listOutbox();
    expect(mail).toMatchObject({ to: member.email, subject: `${INVITATION_SUBJECTS.one}Everyone` });
  });

  test("a worker pass queues held-back invitations and delivers them", async () => {
    const member = await createTestMember();
    const survey = await createTestSurvey({ name: "Held back" });
    await createTestAssignment(survey.id, member.id);
    const pass = await runMailPass({ invitations: true, now: () => NOON });
    expect(pass).toEqual({ invited: 1, sent: 1, retried: 0, failed: 0 });
    const [mail] = await listOutbox();
    expect(mail).toMatchObject({ to: member.email, subject: `${INVITATION_SUBJECTS.one}Held back` });
  });
});
