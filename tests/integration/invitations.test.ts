import { APP_ORIGIN } from "../support/file-outbox";
import { describe, expect, test } from "vitest";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import {
  assignByDemographics,
  assignSurvey,
  assignToAll,
  findAssignSurvey,
  type AssignSurvey,
} from "~/domain/assignments.server";
import { deleteAudience, openAudienceSurvey } from "~/domain/audiences.server";
import {
  INVITATION_SUBJECTS,
  queueChangedMemberInvitations,
  queueInvitations,
  queueRequestedInvitations,
  type InvitationScope,
} from "~/domain/invitations.server";
import {
  drainMailQueue,
  MAIL_MAX_ATTEMPTS,
  queuePendingInvitations,
  retryDelayMs,
  runMailPass,
  type SendMail,
} from "~/domain/mail-queue.server";
import { changeLifecycle } from "~/domain/lifecycle.server";
import { listOutbox, type Mail } from "~/domain/mail.server";
import { findSurvey as findCatalogueSurvey, setSurveyLaunched } from "~/domain/survey-catalogue.server";
import { getPrisma } from "~/lib/db.server";
import { createQuestionnaire, saveResponse } from "~/questionnaire/storage.server";
import { createTestAdmin, createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { checkbox, option, page, questionnaire } from "../support/questionnaires";

// Survey invitations: queued in the assignment's transaction (one set-based statement, nothing
// sent in the request) or, for an audience, by the worker's sweep of its members in keyset batches
// and its check of members who came to match later; only to active verified members, at most one
// mail per member per UTC day by either path, with the rest summarised the next day; and the mail
// worker: due rows only, retries with backoff, failed after the limit, and two workers at once never
// sending one mail twice.

const queued = () => getPrisma().queuedMail.findMany({ orderBy: { id: "asc" } });
const recipients = async () => (await queued()).map((mail) => mail.to).sort();
const NOON = new Date("2030-03-14T12:00:00.000Z");
const at = (iso: string) => new Date(iso);

async function invite(scope: InvitationScope, now: Date) {
  return getPrisma().$transaction((tx) => queueInvitations(tx, scope, now));
}

async function assignableSurvey(overrides: Parameters<typeof createTestSurvey>[0] = {}): Promise<AssignSurvey> {
  return (await findAssignSurvey((await createTestSurvey(overrides)).id))!;
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

  test("assign to all asks for its invitations; the worker's next pass queues one mail per matching member", async () => {
    const admin = await createTestAdmin();
    const members = await Promise.all(Array.from({ length: 12 }, () => createTestMember()));
    await createTestMember({ status: "inactive" });
    await createTestMember({ emailVerifiedAt: null });
    const survey = await assignableSurvey({ name: "Everyone" });

    expect(await assignToAll(admin, survey, { screenerId: null, points: 5, confirmedCount: null })).toMatchObject({
      ok: true,
    });
    // The admin's request wrote one request row, not a mail (nor an assignment) per member.
    expect(await queued()).toEqual([]);
    expect(await getPrisma().assignment.count()).toBe(0);
    expect(await getPrisma().invitationRequest.findMany({ select: { surveyId: true } })).toEqual([
      { surveyId: survey.id },
    ]);

    expect(await queueRequestedInvitations(getPrisma(), NOON)).toBe(members.length);
    const mails = await queued();
    expect(mails.map((mail) => mail.to).sort()).toEqual(members.map((member) => member.email).sort());
    expect(mails.every((mail) => mail.subject === `${INVITATION_SUBJECTS.one}Everyone`)).toBe(true);
    // Still no assignment rows: the row is written when the member opens the survey.
    expect(await getPrisma().assignment.count()).toBe(0);
    expect(await getPrisma().audienceInvitation.count({ where: { surveyId: survey.id, invitedAt: NOON } })).toBe(
      members.length,
    );
    expect(await getPrisma().invitationRequest.count()).toBe(0);
    expect(await listOutbox()).toEqual([]);
    // The request is gone: a second pass queues nothing more, nor does the pass over all members.
    expect(await queueRequestedInvitations(getPrisma(), NOON)).toBe(0);
    expect(await queuePendingInvitations(at("2030-03-20T09:00:00Z"))).toBe(0);
  });

  test("two workers taking requested invitations at once queue each member's mail once", async () => {
    const admin = await createTestAdmin();
    const members = await Promise.all(Array.from({ length: 6 }, () => createTestMember()));
    for (const name of ["First", "Second", "Third"]) {
      const survey = await assignableSurvey({ name });
      await assignToAll(admin, survey, { screenerId: null, points: 5, confirmedCount: null });
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
    expect(await invite({ memberId: member.id }, at("2030-03-14T15:00:00Z"))).toBe(0);
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

  test("every worker pass queues the invitations an audience asked for, held-back summaries or not", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const survey = await assignableSurvey({ name: "Everyone" });
    await assignToAll(admin, survey, { screenerId: null, points: 5, confirmedCount: null });
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

describe("invitations for an audience", () => {
  const prisma = () => getPrisma();
  const sweep = (now: Date, batchSize = 10, afterBatch?: () => void) =>
    queueRequestedInvitations(prisma(), now, { batchSize, afterBatch });
  const checkChanged = (now: Date) => queueChangedMemberInvitations(prisma(), now);
  const mailsTo = async (email: string) => (await queued()).filter((mail) => mail.to === email);

  async function toAll(name: string, overrides: Parameters<typeof createTestSurvey>[0] = {}) {
    const admin = await createTestAdmin();
    const survey = await assignableSurvey({ name, ...overrides });
    const result = await assignToAll(admin, survey, { screenerId: null, points: 5, confirmedCount: null });
    expect(result).toMatchObject({ ok: true });
    return { admin, survey };
  }

  /** A profile questionnaire offered everywhere, and a survey targeting those who drink tea. */
  async function teaDrinkersSurvey() {
    const definition = questionnaire("Drinks", [
      page("Drinks", [checkbox("drinks", "What do you drink?", [option("Tea"), option("Coffee")])]),
    ]);
    const questionnaireId = await prisma().$transaction((tx) =>
      createQuestionnaire(tx, { kind: "profile", definition }),
    );
    await prisma().profileSurvey.create({ data: { questionnaireId, points: 0, minutes: 2, country: null } });
    const question = await prisma().question.findFirstOrThrow({
      where: { questionnaireId },
      include: { options: true },
    });
    const tea = question.options.find((choice) => choice.value === "Tea")!;
    const admin = await createTestAdmin();
    const survey = await assignableSurvey({ name: "Tea time" });
    const result = await assignByDemographics(admin, survey, {
      rows: [{ questionId: question.id, optionId: tea.id }],
      points: 5,
      confirmedCount: null,
    });
    expect(result).toMatchObject({ ok: true });
    const answer = (memberId: number, drinks: string[]) =>
      prisma().$transaction((tx) => saveResponse(tx, { questionnaireId, memberId, answers: { drinks } }));
    return { survey, answer };
  }

  test("a large audience is invited in several batches, each member mailed once", async () => {
    const members = [];
    for (let i = 0; i < 25; i += 1) members.push(await createTestMember());
    await createTestMember({ emailVerifiedAt: null });
    const { survey } = await toAll("Big");
    let batches = 0;
    expect(await sweep(NOON, 10, () => void (batches += 1))).toBe(25);
    // 10 + 10 + 5 matching members: three transactions, not one.
    expect(batches).toBe(3);
    expect(await recipients()).toEqual(members.map((member) => member.email).sort());
    expect(await prisma().audienceInvitation.count({ where: { surveyId: survey.id } })).toBe(25);
    expect(await prisma().invitationRequest.count()).toBe(0);
    // Saving the audience again sweeps it again from the start, and invites nobody twice.
    const again = await assignToAll(await createTestAdmin(), survey, {
      screenerId: null,
      points: 9,
      confirmedCount: null,
    });
    expect(again).toMatchObject({ ok: true });
    expect(await sweep(at("2030-03-16T12:00:00Z"))).toBe(0);
    expect(await queued()).toHaveLength(25);
  });

  test("a crash between batches resumes after the last committed batch without mailing anyone twice", async () => {
    const members = [];
    for (let i = 0; i < 25; i += 1) members.push(await createTestMember());
    await toAll("Resumed");
    const crash = () => {
      throw new Error("worker killed");
    };
    await expect(sweep(NOON, 10, crash)).rejects.toThrow("worker killed");
    // The first batch committed with its mails and the cursor after its last member.
    expect(await queued()).toHaveLength(10);
    const [request] = await prisma().invitationRequest.findMany();
    expect(request.afterMemberId).toBe(members[9].id);

    expect(await sweep(NOON)).toBe(15);
    expect(await recipients()).toEqual(members.map((member) => member.email).sort());
  });

  test("two workers sweeping and checking at once mail each member once", async () => {
    const members = [];
    for (let i = 0; i < 20; i += 1) members.push(await createTestMember());
    await toAll("Shared");
    // Registered after the audience was saved: both the sweep and the check reach them.
    members.push(await createTestMember(), await createTestMember());
    const passes = await Promise.all([sweep(NOON, 5), sweep(NOON, 5), checkChanged(NOON), checkChanged(NOON)]);
    expect(passes.reduce((sum, n) => sum + n, 0)).toBe(members.length);
    expect(await recipients()).toEqual(members.map((member) => member.email).sort());
  });

  test("a pass whose time is up stops between batches; the next pass goes on from there", async () => {
    const members = [];
    for (let i = 0; i < 25; i += 1) members.push(await createTestMember());
    await toAll("Paced");
    // Time already up: one batch, then the pass ends and leaves the request for the next one.
    expect(await queueRequestedInvitations(prisma(), NOON, { batchSize: 10, until: 0 })).toBe(10);
    expect((await prisma().invitationRequest.findFirstOrThrow()).afterMemberId).toBe(members[9].id);
    expect(await queueRequestedInvitations(prisma(), NOON, { batchSize: 10 })).toBe(15);
    expect(await recipients()).toEqual(members.map((member) => member.email).sort());
  });

  test("one invitation mail a day across assignments and audiences; the held-back one goes the next day", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const other = await createTestMember();
    const explicit = await assignableSurvey({ name: "Explicit" });
    await createTestAssignment(explicit.id, member.id);
    expect(await invite({ memberId: member.id }, at("2030-03-14T08:00:00Z"))).toBe(1);

    const { survey } = await toAll("Audience");
    expect(await sweep(at("2030-03-14T10:00:00Z"))).toBe(1);
    expect((await mailsTo(member.email)).map((mail) => mail.subject)).toEqual([`${INVITATION_SUBJECTS.one}Explicit`]);
    expect((await mailsTo(other.email)).map((mail) => mail.subject)).toEqual([`${INVITATION_SUBJECTS.one}Audience`]);
    // Mailed today by the audience, the other member's explicit assignment waits too.
    await assignSurvey(admin, explicit, { memberId: other.id, screenerId: null, points: 1 });
    expect(await queued()).toHaveLength(2);
    expect(await queuePendingInvitations(at("2030-03-14T23:59:00Z"))).toBe(0);

    // After midnight UTC the pass over all members sends each their held-back survey, once.
    expect(await queuePendingInvitations(at("2030-03-15T00:05:00Z"))).toBe(2);
    expect((await mailsTo(member.email)).map((mail) => mail.subject)).toEqual([
      `${INVITATION_SUBJECTS.one}Explicit`,
      `${INVITATION_SUBJECTS.one}Audience`,
    ]);
    expect((await mailsTo(other.email)).map((mail) => mail.subject)).toEqual([
      `${INVITATION_SUBJECTS.one}Audience`,
      `${INVITATION_SUBJECTS.one}Explicit`,
    ]);
    expect(await prisma().audienceInvitation.count({ where: { surveyId: survey.id, invitedAt: null } })).toBe(0);
    expect(await queuePendingInvitations(at("2030-03-16T09:00:00Z"))).toBe(0);
  });

  test("members who register or verify after the sweep are invited on the next pass, once", async () => {
    const early = await createTestMember();
    const unverified = await createTestMember({ emailVerifiedAt: null });
    // Before any audience exists nobody needs checking.
    expect(await prisma().memberAudienceCheck.count()).toBe(0);
    await toAll("Late joiners");
    expect(await sweep(NOON)).toBe(1);
    expect(await recipients()).toEqual([early.email]);

    const late = await createTestMember();
    await prisma().member.update({ where: { id: unverified.id }, data: { emailVerifiedAt: NOON } });
    expect(await checkChanged(NOON)).toBe(2);
    expect(await recipients()).toEqual([early.email, late.email, unverified.email].sort());

    // A later change of the same members (a move abroad and back) announces nothing again.
    await prisma().member.update({ where: { id: late.id }, data: { country: "US" } });
    await prisma().member.update({ where: { id: late.id }, data: { country: "IN" } });
    expect(await checkChanged(at("2030-03-16T12:00:00Z"))).toBe(0);
    expect(await queued()).toHaveLength(3);
  });

  test("a member whose profile answer comes to match is invited on the next pass, once; others are not", async () => {
    const { survey, answer } = await teaDrinkersSurvey();
    const teaFirst = await createTestMember();
    const coffee = await createTestMember();
    const teaLater = await createTestMember();
    await answer(teaFirst.id, ["Tea"]);
    expect(await sweep(NOON)).toBe(1);
    expect(await recipients()).toEqual([teaFirst.email]);
    // The three registered after the audience was saved: checked, and none matches yet.
    expect(await checkChanged(NOON)).toBe(0);

    await answer(coffee.id, ["Coffee"]);
    await answer(teaLater.id, ["Coffee", "Tea"]);
    // Only an answer some audience targets makes the member worth checking.
    expect(await prisma().memberAudienceCheck.findMany({ select: { memberId: true } })).toEqual([
      { memberId: teaLater.id },
    ]);
    expect(await checkChanged(NOON)).toBe(1);
    expect(await recipients()).toEqual([teaFirst.email, teaLater.email].sort());
    expect((await mailsTo(teaLater.email))[0].subject).toBe(`${INVITATION_SUBJECTS.one}${survey.name}`);
    expect(await checkChanged(at("2030-03-16T12:00:00Z"))).toBe(0);
    expect(await queued()).toHaveLength(2);
  });

  test("a member who opened the survey is not invited, before the sweep or while held back", async () => {
    const opener = await createTestMember();
    const heldBack = await createTestMember();
    const fresh = await createTestMember();
    const { survey } = await toAll("Opened");
    await openAudienceSurvey(opener.id, survey.id);
    // heldBack was mailed today about another survey.
    const other = await assignableSurvey({ name: "Earlier" });
    await createTestAssignment(other.id, heldBack.id);
    expect(await invite({ memberId: heldBack.id }, at("2030-03-14T08:00:00Z"))).toBe(1);

    expect(await sweep(NOON)).toBe(1);
    expect(await mailsTo(opener.email)).toEqual([]);
    expect((await mailsTo(fresh.email)).map((mail) => mail.subject)).toEqual([`${INVITATION_SUBJECTS.one}Opened`]);

    // heldBack opens it the same day: the next day's pass has nothing to tell them.
    await openAudienceSurvey(heldBack.id, survey.id);
    expect(await queuePendingInvitations(at("2030-03-15T00:05:00Z"))).toBe(0);
    expect(await mailsTo(heldBack.email)).toHaveLength(1);
    expect(await prisma().audienceInvitation.count({ where: { invitedAt: null } })).toBe(0);
  });

  test("a held-back member who stops matching (moved abroad) gets no mail the next day", async () => {
    const mover = await createTestMember();
    const earlier = await assignableSurvey({ name: "Earlier" });
    await createTestAssignment(earlier.id, mover.id);
    expect(await invite({ memberId: mover.id }, at("2030-03-14T08:00:00Z"))).toBe(1);
    const { survey } = await toAll("India only", { country: "IN" });
    expect(await sweep(NOON)).toBe(0);
    expect(await prisma().audienceInvitation.count({ where: { surveyId: survey.id, invitedAt: null } })).toBe(1);

    await prisma().member.update({ where: { id: mover.id }, data: { country: "US" } });
    expect(await checkChanged(NOON)).toBe(0);
    expect(await queuePendingInvitations(at("2030-03-15T00:05:00Z"))).toBe(0);
    expect(await mailsTo(mover.email)).toHaveLength(1);
    // The held-back row is forgotten; moving back makes them match again, and they are told then.
    expect(await prisma().audienceInvitation.count()).toBe(0);
    await prisma().member.update({ where: { id: mover.id }, data: { country: "IN" } });
    expect(await checkChanged(at("2030-03-15T09:00:00Z"))).toBe(1);
    expect((await mailsTo(mover.email)).map((mail) => mail.subject)).toEqual([
      `${INVITATION_SUBJECTS.one}Earlier`,
      `${INVITATION_SUBJECTS.one}India only`,
    ]);
  });

  test("a deleted audience invites nobody more: not the rest of its sweep, held-back members or late joiners", async () => {
    const heldBack = await createTestMember();
    for (let i = 0; i < 12; i += 1) await createTestMember();
    const other = await assignableSurvey({ name: "Earlier" });
    await createTestAssignment(other.id, heldBack.id);
    expect(await invite({ memberId: heldBack.id }, at("2030-03-14T08:00:00Z"))).toBe(1);

    const { admin, survey } = await toAll("Withdrawn");
    const stop = () => {
      throw new Error("stopped after one batch");
    };
    await expect(sweep(NOON, 10, stop)).rejects.toThrow("stopped");
    // heldBack was in the first batch: recorded, not mailed.
    expect(await queued()).toHaveLength(1 + 9);

    expect(await deleteAudience(admin, survey.id)).toBe(true);
    await createTestMember();
    expect(await sweep(NOON)).toBe(0);
    expect(await checkChanged(NOON)).toBe(0);
    expect(await queuePendingInvitations(at("2030-03-15T00:05:00Z"))).toBe(0);
    expect(await queued()).toHaveLength(10);
  });

  test("an audience of a survey not launched yet waits, and is swept once the survey is launched", async () => {
    const member = await createTestMember();
    const { survey } = await toAll("Coming soon", { launched: false });
    expect(await sweep(NOON)).toBe(0);
    expect(await prisma().invitationRequest.count()).toBe(1);
    await prisma().survey.update({ where: { id: survey.id }, data: { launched: true } });
    expect(await sweep(NOON)).toBe(1);
    expect(await recipients()).toEqual([member.email]);
  });

  test("a survey unlaunched after its sweep and launched again invites those who joined meanwhile, once", async () => {
    const early = await createTestMember();
    const { admin, survey } = await toAll("Back again", {
      delivery: "external",
      externalUrl: "https://vendor.example/s?rid={token}",
    });
    expect(await sweep(NOON)).toBe(1);
    const catalogue = (await findCatalogueSurvey(survey.id))!;
    expect(await setSurveyLaunched(admin, catalogue, false)).toMatchObject({ ok: true });

    // Joined while the survey was off: their check finds no live audience.
    const late = await createTestMember();
    await checkChanged(NOON);
    expect(await recipients()).toEqual([early.email]);

    expect(await setSurveyLaunched(admin, catalogue, true)).toMatchObject({ ok: true, message: "Survey launched" });
    const nextDay = at("2030-03-15T12:00:00Z");
    expect(await sweep(nextDay)).toBe(1);
    expect(await recipients()).toEqual([early.email, late.email].sort());
    expect(await sweep(nextDay)).toBe(0);
  });

  test("a survey closed after its sweep and reopened invites those who joined meanwhile, once", async () => {
    const early = await createTestMember();
    const { admin, survey } = await toAll("Closed a while");
    expect(await sweep(NOON)).toBe(1);
    const item = { kind: "survey" as const, id: survey.id, name: survey.name, closedAt: null, archivedAt: null };
    await changeLifecycle(admin, item, "close");
    const late = await createTestMember();
    await checkChanged(NOON);
    expect(await recipients()).toEqual([early.email]);

    await changeLifecycle(admin, item, "reopen");
    const nextDay = at("2030-03-15T12:00:00Z");
    expect(await sweep(nextDay)).toBe(1);
    expect(await recipients()).toEqual([early.email, late.email].sort());
  });
});
