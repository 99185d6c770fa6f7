import { APP_ORIGIN } from "../support/file-outbox";
import { describe, expect, test, vi } from "vitest";
import { erasedEmail, ERASURE_GRACE_DAYS } from "~/domain/account-deletion.server";
import {
  INACTIVE_AFTER_MONTHS,
  INACTIVITY_WARNING_SUBJECT,
  monthsBefore,
  reactivateIfInactive,
  runInactivityPass,
  startInactivityJobInApp,
  WARNING_DAYS,
} from "~/domain/inactivity.server";
import { creditPoints, debitPoints } from "~/domain/ledger.server";
import { attemptLogin } from "~/domain/login.server";
import { hashPassword } from "~/domain/passwords.server";
import { getPrisma } from "~/lib/db.server";
import { createTestMember } from "../support/factories";

// The inactivity job against a real database (PostgreSQL in CI's second run, where the concurrent
// passes really run on separate connections): a warning once per inactivity period, expiry of the
// whole balance once however often and however concurrently the job runs, and erasure of deleted
// accounts after the grace period with the payout records kept.

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2030-03-14T12:00:00.000Z");
const days = (from: Date, n: number) => new Date(from.getTime() + n * DAY);
/** Last active this long before NOW: past 6 months by `extraDays` (negative: not yet). */
const idle = (extraDays: number) => days(monthsBefore(NOW, 6), -extraDays);
const pass = (now: Date, batchSize?: number) => runInactivityPass({ now, batchSize });

async function memberWithPoints(points: number, overrides: Parameters<typeof createTestMember>[0] = {}) {
  const member = await createTestMember({ lastActiveAt: NOW, ...overrides });
  if (points > 0) {
    await getPrisma().$transaction((tx) =>
      creditPoints(tx, {
        memberId: member.id,
        points,
        type: "profile_reward",
        source: `test:member:${member.id}`,
        remark: "Profile reward",
      }),
    );
  }
  return member;
}

const memberRow = (id: number) => getPrisma().member.findUniqueOrThrow({ where: { id } });
const expiries = (memberId: number) =>
  getPrisma().pointsTransaction.findMany({ where: { memberId, type: "expiry" }, orderBy: { id: "asc" } });
const warnings = () =>
  getPrisma().queuedMail.findMany({ where: { subject: INACTIVITY_WARNING_SUBJECT }, orderBy: { id: "asc" } });

describe("the warning", () => {
  test("goes out once per period, 14 days before the 6 months are up, and is a queued mail", async () => {
    const due = await memberWithPoints(120, { lastActiveAt: idle(-10), firstName: "Asha <b>" });
    const recent = await memberWithPoints(50, { lastActiveAt: idle(-20) });
    await createTestMember({ lastActiveAt: idle(30), status: "inactive" });
    await createTestMember({ lastActiveAt: idle(30), status: "closed", deletionRequestedAt: NOW });

    expect(await pass(NOW)).toEqual({ warned: 1, expired: 0, erased: 0 });
    expect(await pass(days(NOW, 1))).toEqual({ warned: 0, expired: 0, erased: 0 });

    const mails = await warnings();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: due.email, status: "queued" });
    expect(mails[0].text).toContain("Hello Asha <b>,");
    expect(mails[0].text).toContain("28 March 2030");
    expect(mails[0].text).toContain("your 120 points will expire");
    expect(mails[0].html).toContain("Hello Asha &lt;b&gt;,");
    // The only link is the login page: no member id, no token.
    for (const body of [mails[0].text, mails[0].html]) {
      expect(body.match(/https?:\/\/[^\s"<]+/g)).toEqual([`${APP_ORIGIN}/login`]);
    }
    expect((await memberRow(due.id)).inactivityWarnedAt).toEqual(NOW);
    expect((await memberRow(recent.id)).inactivityWarnedAt).toBeNull();
    expect((await memberRow(due.id)).status).toBe("active");
  });

  test("two passes at once warn each member once, across batches", async () => {
    const members = await Promise.all(
      Array.from({ length: 12 }, () => memberWithPoints(0, { lastActiveAt: idle(-5) })),
    );
    const results = await Promise.all([pass(NOW, 5), pass(NOW, 5)]);
    expect(results[0].warned + results[1].warned).toBe(12);
    const mails = await warnings();
    expect(mails.map((mail) => mail.to).sort()).toEqual(members.map((member) => member.email).sort());
  });
});

describe("expiry", () => {
  test("sets inactive and expires the whole balance once, 14 days after the warning, however often the job runs", async () => {
    const member = await memberWithPoints(300, { lastActiveAt: idle(-10) });
    await pass(NOW);
    // Past 6 months now, but the notice promised 14 days.
    expect(await pass(days(NOW, WARNING_DAYS - 1))).toEqual({ warned: 0, expired: 0, erased: 0 });
    expect((await memberRow(member.id)).status).toBe("active");

    const later = days(NOW, WARNING_DAYS);
    expect(await pass(later)).toEqual({ warned: 0, expired: 1, erased: 0 });
    expect(await pass(later)).toEqual({ warned: 0, expired: 0, erased: 0 });
    expect(await pass(days(later, 40))).toEqual({ warned: 0, expired: 0, erased: 0 });

    const row = await memberRow(member.id);
    expect(row).toMatchObject({ status: "inactive", pointsBalance: 0 });
    const entries = await expiries(member.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      change: -300,
      status: "completed",
      remark: "Points expired: no activity for 6 months",
      source: `inactivity:member:${member.id}:since:${idle(-10).toISOString()}`,
    });
  });

  test("a member never warned is warned first, even when long past 6 months", async () => {
    const member = await memberWithPoints(80, { lastActiveAt: idle(90) });
    expect(await pass(NOW)).toEqual({ warned: 1, expired: 0, erased: 0 });
    expect(await pass(days(NOW, WARNING_DAYS))).toEqual({ warned: 0, expired: 1, erased: 0 });
    expect((await memberRow(member.id)).pointsBalance).toBe(0);
  });

  test("two passes at the same time expire each member once", async () => {
    const members = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        memberWithPoints(100 + i, { lastActiveAt: idle(20), inactivityWarnedAt: idle(10) }),
      ),
    );
    const results = await Promise.all([pass(NOW, 3), pass(NOW, 3), pass(NOW, 3)]);
    expect(results.reduce((sum, result) => sum + result.expired, 0)).toBe(10);
    for (const [i, member] of members.entries()) {
      expect((await expiries(member.id)).map((entry) => entry.change)).toEqual([-(100 + i)]);
      expect(await memberRow(member.id)).toMatchObject({ status: "inactive", pointsBalance: 0 });
    }
  });

  test("a member without points is set inactive with no ledger entry", async () => {
    const member = await memberWithPoints(0, { lastActiveAt: idle(20), inactivityWarnedAt: idle(5) });
    expect(await pass(NOW)).toEqual({ warned: 0, expired: 1, erased: 0 });
    expect((await memberRow(member.id)).status).toBe("inactive");
    expect(await getPrisma().pointsTransaction.count({ where: { memberId: member.id } })).toBe(0);
  });

  test("a pending withdrawal is left alone: only the points still on the balance expire", async () => {
    const member = await memberWithPoints(500, { lastActiveAt: idle(20), inactivityWarnedAt: idle(5) });
    const withdrawal = await pendingWithdrawal(member.id, 200);
    await pass(NOW);

    expect(await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { id: withdrawal.id } })).toMatchObject({
      status: "pending",
      points: 200,
    });
    const ledger = await getPrisma().pointsTransaction.findMany({
      where: { memberId: member.id },
      orderBy: { id: "asc" },
    });
    expect(ledger.map(({ change, type, status }) => ({ change, type, status }))).toEqual([
      { change: 500, type: "profile_reward", status: "completed" },
      { change: -200, type: "withdrawal", status: "pending" },
      { change: -300, type: "expiry", status: "completed" },
    ]);
  });

  test("a warning from an earlier period does not count: the member is warned again first", async () => {
    const member = await memberWithPoints(40, { lastActiveAt: idle(20), inactivityWarnedAt: idle(25) });
    expect(await pass(NOW)).toEqual({ warned: 1, expired: 0, erased: 0 });
    expect((await memberRow(member.id)).status).toBe("active");
  });
});

describe("coming back", () => {
  test("an inactive member who signs in is active again, without the expired points; a new period starts", async () => {
    const password = "Back-again-Pa55";
    const member = await memberWithPoints(90, {
      lastActiveAt: monthsBefore(days(new Date(), -20), 6),
      inactivityWarnedAt: days(new Date(), -15),
      passwordHash: await hashPassword(password),
    });
    await runInactivityPass();
    expect(await memberRow(member.id)).toMatchObject({ status: "inactive", pointsBalance: 0 });

    const login = await attemptLogin({ email: member.email, password, address: "203.0.113.9" });
    expect(login).toEqual({ ok: true, memberId: member.id });
    const back = await memberRow(member.id);
    expect(back).toMatchObject({ status: "active", pointsBalance: 0 });
    expect(Date.now() - back.lastActiveAt.getTime()).toBeLessThan(60_000);

    // Earns again, goes quiet again: the next period is warned and expired on its own source.
    await getPrisma().$transaction((tx) =>
      creditPoints(tx, {
        memberId: member.id,
        points: 30,
        type: "profile_reward",
        source: "test:again",
        remark: "Again",
      }),
    );
    const future = monthsBefore(back.lastActiveAt, -7);
    expect(await runInactivityPass({ now: future })).toMatchObject({ warned: 1, expired: 0 });
    expect(await runInactivityPass({ now: days(future, WARNING_DAYS) })).toMatchObject({ expired: 1 });
    expect((await expiries(member.id)).map((entry) => entry.change)).toEqual([-90, -30]);
  });

  test("reactivation never reopens a closed account", async () => {
    const closed = await createTestMember({ status: "closed", deletionRequestedAt: NOW });
    expect(await reactivateIfInactive(closed.id)).toBe(false);
    expect((await memberRow(closed.id)).status).toBe("closed");
  });
});

describe("erasure of deleted accounts", () => {
  test("waits for the grace period, then anonymises the member once and keeps the payout records", async () => {
    const requestedAt = days(NOW, -ERASURE_GRACE_DAYS + 1);
    const member = await memberWithPoints(700, { mobile: "9876543210" });
    const { withdrawal, account } = await withPersonalData(member.id, member.email);
    await getPrisma().member.update({
      where: { id: member.id },
      data: { status: "closed", deletionRequestedAt: requestedAt },
    });

    expect(await pass(NOW)).toMatchObject({ erased: 0 });
    expect((await memberRow(member.id)).email).toBe(member.email);

    const due = days(requestedAt, ERASURE_GRACE_DAYS);
    const [first, second] = await Promise.all([pass(due), pass(due)]);
    expect(first.erased + second.erased).toBe(1);
    expect(await pass(days(due, 5))).toMatchObject({ erased: 0 });

    const row = await memberRow(member.id);
    expect(row).toMatchObject({
      email: erasedEmail(member.id),
      firstName: "",
      lastName: "",
      passwordHash: null,
      emailVerifiedAt: null,
      country: null,
      state: null,
      city: null,
      pin: null,
      dob: null,
      gender: null,
      mobile: null,
      status: "closed",
      pointsBalance: 0,
      erasedAt: due,
    });
    const prisma = getPrisma();
    const where = { where: { memberId: member.id } };
    expect(await prisma.paymentAccount.findUnique({ where: { id: account.id } })).toBeNull();
    expect(await prisma.questionnaireResponse.count(where)).toBe(0);
    expect(await prisma.answer.count(where)).toBe(0);
    expect(await prisma.memberSession.count(where)).toBe(0);
    expect(await prisma.authToken.count(where)).toBe(0);
    expect(await prisma.oAuthConnection.count(where)).toBe(0);
    expect(await prisma.queuedMail.count({ where: { to: member.email } })).toBe(0);
    expect(await prisma.rateLimit.count({ where: { key: { contains: member.email } } })).toBe(0);

    // What the law needs stays: the withdrawal with its snapshot, and the whole ledger.
    expect(await prisma.withdrawalRequest.findUniqueOrThrow({ where: { id: withdrawal.id } })).toMatchObject({
      memberId: member.id,
      status: "success",
      paymentAccountId: null,
      payoutSnapshot: { method: "upi", holderName: "Asha Rao", upiId: "asha@upi" },
    });
    const ledger = await prisma.pointsTransaction.findMany(where);
    expect(ledger.map(({ change, type }) => ({ change, type }))).toEqual([
      { change: 700, type: "profile_reward" },
      { change: -200, type: "withdrawal" },
      { change: -500, type: "expiry" },
    ]);
    expect(ledger[2]).toMatchObject({
      source: `erasure:member:${member.id}`,
      remark: "Points forfeited: account deleted",
    });
  });

  test("members who did not ask are never erased", async () => {
    const active = await memberWithPoints(10);
    const inactive = await createTestMember({ status: "inactive", lastActiveAt: idle(400) });
    await pass(days(NOW, 400));
    expect((await memberRow(active.id)).erasedAt).toBeNull();
    expect(await memberRow(inactive.id)).toMatchObject({ erasedAt: null, email: inactive.email });
  });
});

/** A withdrawal waiting for an admin: its points are debited, pending, as the withdrawal flow does. */
async function pendingWithdrawal(memberId: number, points: number) {
  return getPrisma().$transaction(async (tx) => {
    const withdrawal = await tx.withdrawalRequest.create({
      data: {
        referenceId: `WD-${memberId}-${points}`,
        memberId,
        points,
        amountMinor: points * 10,
        method: "upi",
        payoutSnapshot: { method: "upi", holderName: "Asha Rao", upiId: "asha@upi" },
      },
    });
    await debitPoints(tx, {
      memberId,
      points,
      type: "withdrawal",
      source: `withdrawal:${withdrawal.id}`,
      remark: "Withdrawal",
      withdrawalId: withdrawal.id,
    });
    return withdrawal;
  });
}

/** Everything erasure must remove or keep: a paid withdrawal, answers, sessions, tokens, mail. */
async function withPersonalData(memberId: number, email: string) {
  const prisma = getPrisma();
  const account = await prisma.paymentAccount.create({
    data: { memberId, method: "upi", holderName: "Asha Rao", upiId: "asha@upi" },
  });
  const withdrawal = await pendingWithdrawal(memberId, 200);
  await prisma.withdrawalRequest.update({
    where: { id: withdrawal.id },
    data: { status: "success", paymentAccountId: account.id, approvedAt: NOW },
  });
  const questionnaire = await prisma.questionnaire.create({ data: { kind: "profile", title: "About You" } });
  const page = await prisma.questionnairePage.create({
    data: { questionnaireId: questionnaire.id, position: 1, title: "Page" },
  });
  const question = await prisma.question.create({
    data: { questionnaireId: questionnaire.id, pageId: page.id, position: 1, key: "city", label: "City", type: "text" },
  });
  await prisma.questionnaireResponse.create({
    data: {
      questionnaireId: questionnaire.id,
      memberId,
      answers: { create: { memberId, questionId: question.id, valueText: "Bengaluru" } },
    },
  });
  await prisma.memberSession.create({ data: { id: `session-${memberId}`, memberId, expiresAt: days(NOW, 7) } });
  await prisma.authToken.create({
    data: { purpose: "password_reset", tokenHash: `hash-${memberId}`, memberId, expiresAt: days(NOW, 1) },
  });
  await prisma.oAuthConnection.create({ data: { provider: "google", providerUserId: `sub-${memberId}`, memberId } });
  await prisma.queuedMail.create({
    data: { to: email, subject: "Old invitation", text: "t", html: "h", status: "sent" },
  });
  await prisma.rateLimit.create({ data: { key: `login:email:${email}`, count: 2, resetAt: days(NOW, 1) } });
  return { withdrawal, account };
}

describe("the pass inside the app", () => {
  test("runs on its schedule, warns who is due, and stops when asked", async () => {
    const prisma = getPrisma();
    const member = await createTestMember({ lastActiveAt: monthsBefore(new Date(), INACTIVE_AFTER_MONTHS) });
    const log = { log: vi.fn(), error: vi.fn() };
    const job = startInactivityJobInApp({ firstPassMs: 10, intervalMs: 60_000, log });
    expect(job).not.toBeNull();
    // Started once per process: a second start (a dev reload) is the same schedule.
    expect(startInactivityJobInApp()).toBeNull();
    await vi.waitFor(async () => expect(await prisma.queuedMail.count({ where: { to: member.email } })).toBe(1), {
      timeout: 10_000,
    });
    await job!.stop();
    expect(log.error).not.toHaveBeenCalled();
    expect(log.log).toHaveBeenCalledWith(expect.stringContaining("warned 1"));
  });
});
