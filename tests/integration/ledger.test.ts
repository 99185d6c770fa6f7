import type * as Crypto from "node:crypto";
import { randomBytes } from "node:crypto";
import { describe, expect, test, vi } from "vitest";
import {
  adjustPoints,
  creditPoints,
  debitPoints,
  getBalance,
  listPointsHistory,
  POINTS_HISTORY_PAGE_SIZE,
  reverseEntry,
  settlePayout,
  type PointsChange,
} from "~/domain/ledger.server";
import { getPrisma } from "~/lib/db.server";
import { createTestAdmin, createTestMember } from "../support/factories";

// The points ledger against a real database: exactly once per cause, never below zero, and
// always together with the caller's transaction. On PostgreSQL (CI's second run) the concurrent
// cases run on separate connections; on PGlite the same assertions hold with serialised transactions.

// Passes through to the real generator; one test forces a reference that is already taken.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  return { ...actual, randomBytes: vi.fn(actual.randomBytes) };
});

const REFERENCE = /^PT(\d{6})[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/;

function change(memberId: number, points: number, source: string, extra: Partial<PointsChange> = {}): PointsChange {
  return { memberId, points, source, type: "profile_reward", remark: "Profile reward: About You", ...extra };
}

function credit(memberId: number, points: number, source: string) {
  return getPrisma().$transaction((tx) => creditPoints(tx, change(memberId, points, source)));
}

function debit(memberId: number, points: number, source: string, extra: Partial<PointsChange> = {}) {
  return getPrisma().$transaction((tx) =>
    debitPoints(tx, change(memberId, points, source, { type: "admin_adjustment", remark: "Adjustment", ...extra })),
  );
}

function entriesOf(memberId: number) {
  return getPrisma().pointsTransaction.findMany({ where: { memberId }, orderBy: { id: "asc" } });
}

async function ledgerSum(memberId: number) {
  const { _sum } = await getPrisma().pointsTransaction.aggregate({ where: { memberId }, _sum: { change: true } });
  return _sum.change ?? 0;
}

describe("points ledger", () => {
  test("a credit adds to the balance and writes one completed entry with a readable reference", async () => {
    const member = await createTestMember();
    const result = await credit(member.id, 100, "profile:1:member:1");

    expect(result).toMatchObject({
      ok: true,
      balance: 100,
      entry: { change: 100, status: "completed", type: "profile_reward" },
    });
    expect(await getBalance(getPrisma(), member.id)).toBe(100);
    const [entry, ...others] = await entriesOf(member.id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      change: 100,
      status: "completed",
      type: "profile_reward",
      source: "profile:1:member:1",
      remark: "Profile reward: About You",
    });
    expect(entry.referenceId).toMatch(REFERENCE);
    // Stored in UTC whatever the session's time zone, so it reads back as the moment it was written.
    expect(Math.abs(entry.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(entry.referenceId.slice(2, 8)).toBe(new Date().toISOString().slice(2, 10).replaceAll("-", ""));
    expect(result.ok && result.entry.referenceId).toBe(entry.referenceId);
  });

  test("the same source twice in a row: one entry, counted once, and the caller's transaction carries on", async () => {
    const member = await createTestMember();
    expect((await credit(member.id, 100, "profile:2:member:1")).ok).toBe(true);

    const [again, other] = await getPrisma().$transaction(async (tx) => {
      const repeated = await creditPoints(tx, change(member.id, 100, "profile:2:member:1"));
      // A raised unique violation would have aborted the transaction and failed this statement.
      const next = await creditPoints(tx, change(member.id, 40, "profile:3:member:1"));
      return [repeated, next];
    });

    expect(again).toEqual({ ok: false, reason: "duplicate" });
    expect(other).toMatchObject({ ok: true, balance: 140 });
    expect(await getBalance(getPrisma(), member.id)).toBe(140);
    expect((await entriesOf(member.id)).map((entry) => entry.source)).toEqual([
      "profile:2:member:1",
      "profile:3:member:1",
    ]);
  });

  test("the same source in two concurrent transactions: exactly one credit", async () => {
    const member = await createTestMember();
    const results = await Promise.all([
      credit(member.id, 100, "profile:4:member:1"),
      credit(member.id, 100, "profile:4:member:1"),
    ]);

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "duplicate" }]);
    expect(await getBalance(getPrisma(), member.id)).toBe(100);
    expect(await entriesOf(member.id)).toHaveLength(1);
  });

  test("a debit below zero is refused, writes nothing and leaves the caller's transaction usable", async () => {
    const member = await createTestMember();
    await credit(member.id, 50, "profile:1:member:1");

    const [refused, allowed] = await getPrisma().$transaction(async (tx) => [
      await debitPoints(tx, change(member.id, 80, "withdrawal:1", { type: "withdrawal" })),
      await debitPoints(tx, change(member.id, 30, "withdrawal:2", { type: "withdrawal" })),
    ]);

    expect(refused).toEqual({ ok: false, reason: "insufficient_points" });
    expect(allowed).toMatchObject({ ok: true, balance: 20, entry: { change: -30 } });
    expect(await getBalance(getPrisma(), member.id)).toBe(20);
    expect((await entriesOf(member.id)).map((entry) => entry.source)).toEqual(["profile:1:member:1", "withdrawal:2"]);

    // A refused cause is not used up: once the points are there, it goes through.
    await credit(member.id, 100, "profile:2:member:1");
    expect(await debit(member.id, 80, "withdrawal:1", { type: "withdrawal" })).toMatchObject({ ok: true, balance: 40 });
  });

  test("a repeated debit is a duplicate even when the balance could not pay it again", async () => {
    const member = await createTestMember();
    await credit(member.id, 100, "profile:1:member:1");
    expect((await debit(member.id, 70, "withdrawal:7", { type: "withdrawal" })).ok).toBe(true);

    expect(await debit(member.id, 70, "withdrawal:7", { type: "withdrawal" })).toEqual({
      ok: false,
      reason: "duplicate",
    });
    expect(await getBalance(getPrisma(), member.id)).toBe(30);
  });

  test("default statuses: credits and other debits completed, withdrawal debits pending; a given status wins", async () => {
    const member = await createTestMember();
    await credit(member.id, 300, "profile:1:member:1");
    await debit(member.id, 10, "withdrawal:1", { type: "withdrawal" });
    await debit(member.id, 10, "adjustment:1");
    await debit(member.id, 10, "withdrawal:2", { type: "withdrawal", status: "completed" });

    expect((await entriesOf(member.id)).map(({ change, status, type }) => ({ change, status, type }))).toEqual([
      { change: 300, status: "completed", type: "profile_reward" },
      { change: -10, status: "pending", type: "withdrawal" },
      { change: -10, status: "completed", type: "admin_adjustment" },
      { change: -10, status: "completed", type: "withdrawal" },
    ]);
  });

  test("concurrent debits that together exceed the balance: only the affordable ones go through", async () => {
    const member = await createTestMember();
    await credit(member.id, 100, "profile:1:member:1");

    const sources = ["withdrawal:1", "withdrawal:2", "withdrawal:3", "withdrawal:4", "withdrawal:5"];
    const results = await Promise.all(sources.map((source) => debit(member.id, 30, source, { type: "withdrawal" })));

    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, reason: "insufficient_points" },
      { ok: false, reason: "insufficient_points" },
    ]);
    const balance = await getBalance(getPrisma(), member.id);
    expect(balance).toBe(10);
    expect(await ledgerSum(member.id)).toBe(balance);
    const written = (await entriesOf(member.id))
      .map((entry) => entry.source)
      .filter((source) => source !== "profile:1:member:1");
    expect(written.sort()).toEqual(sources.filter((_, index) => results[index].ok).sort());
  });

  test("an error after the credit in the caller's transaction rolls back the entry and the balance", async () => {
    const member = await createTestMember();
    await expect(
      getPrisma().$transaction(async (tx) => {
        await creditPoints(tx, change(member.id, 100, "assignment:42:complete", { type: "survey_completion" }));
        throw new Error("the completion could not be recorded");
      }),
    ).rejects.toThrow("the completion could not be recorded");

    expect(await getBalance(getPrisma(), member.id)).toBe(0);
    expect(await entriesOf(member.id)).toEqual([]);
    // Nothing of the failed attempt remains, so the cause can still be credited.
    expect((await credit(member.id, 100, "assignment:42:complete")).ok).toBe(true);
  });

  test("a reference already taken is drawn again, not mistaken for a duplicate", async () => {
    const member = await createTestMember({ pointsBalance: 5 });
    const today = new Date().toISOString().slice(2, 10).replaceAll("-", "");
    // Six zero bytes pick the alphabet's first symbol six times.
    const taken = `PT${today}222222`;
    await getPrisma().pointsTransaction.create({
      data: {
        referenceId: taken,
        memberId: member.id,
        change: 5,
        remark: "Earlier",
        status: "completed",
        type: "admin_adjustment",
        source: "adjustment:0",
      },
    });

    const result = await getPrisma().$transaction(async (tx) => {
      vi.mocked(randomBytes).mockImplementationOnce(() => Buffer.alloc(6));
      return creditPoints(tx, change(member.id, 100, "profile:1:member:1"));
    });

    expect(result).toMatchObject({ ok: true, balance: 105 });
    expect(result.ok && result.entry.referenceId).toMatch(REFERENCE);
    expect(result.ok && result.entry.referenceId).not.toBe(taken);
    expect(await entriesOf(member.id)).toHaveLength(2);
  });

  test("points must be a positive whole number", async () => {
    const member = await createTestMember();
    for (const points of [0, -5, 1.5]) {
      await expect(creditPoints(getPrisma(), change(member.id, points, `bad:${points}`))).rejects.toThrow(RangeError);
      await expect(debitPoints(getPrisma(), change(member.id, points, `bad:${points}`))).rejects.toThrow(RangeError);
    }
    expect(await entriesOf(member.id)).toEqual([]);
  });
});

describe("settling, reversing and adjusting", () => {
  function settle(source: string) {
    return getPrisma().$transaction((tx) => settlePayout(tx, source));
  }

  function reverse(source: string, remark = "Reversed") {
    return getPrisma().$transaction((tx) => reverseEntry(tx, { source, remark }));
  }

  async function entry(source: string) {
    return getPrisma().pointsTransaction.findUniqueOrThrow({ where: { source } });
  }

  test("a caller's own reference is used as given", async () => {
    const member = await createTestMember();
    await credit(member.id, 100, "profile:1:member:1");
    const result = await debit(member.id, 50, "withdrawal:1", { type: "withdrawal", referenceId: "WD261121ABCDEF" });
    expect(result.ok && result.entry.referenceId).toBe("WD261121ABCDEF");
  });

  test("a withdrawal's pending debit is paid out once; nothing else is settled", async () => {
    const member = await createTestMember();
    await credit(member.id, 100, "profile:1:member:1");
    await debit(member.id, 60, "withdrawal:1", { type: "withdrawal" });

    expect(await settle("withdrawal:1")).toMatchObject({ ok: true, entry: { status: "paid_out", change: -60 } });
    expect(await settle("withdrawal:1")).toEqual({ ok: false, reason: "not_pending" });
    expect(await settle("profile:1:member:1")).toEqual({ ok: false, reason: "not_pending" });
    expect(await settle("withdrawal:404")).toEqual({ ok: false, reason: "not_pending" });
    expect(await getBalance(getPrisma(), member.id)).toBe(40);
    expect(await reverse("withdrawal:1")).toEqual({ ok: false, reason: "not_reversible" });
  });

  test("a pending withdrawal reversed: the debit becomes reversed and a credit returns its points, once", async () => {
    const member = await createTestMember();
    await credit(member.id, 100, "profile:1:member:1");
    await debit(member.id, 60, "withdrawal:1", { type: "withdrawal" });

    const result = await reverse("withdrawal:1", "Points returned");
    expect(result).toMatchObject({
      ok: true,
      original: { source: "withdrawal:1", status: "reversed", change: -60 },
      reversal: { source: "withdrawal:1:reversal", change: 60, status: "completed", type: "withdrawal_reversal" },
      points: 60,
      shortfall: 0,
      balance: 100,
    });
    expect(await reverse("withdrawal:1")).toEqual({ ok: false, reason: "already_reversed" });
    expect(await settle("withdrawal:1")).toEqual({ ok: false, reason: "not_pending" });
    expect(await reverse("withdrawal:404")).toEqual({ ok: false, reason: "not_found" });
    expect(await getBalance(getPrisma(), member.id)).toBe(100);
    expect(await ledgerSum(member.id)).toBe(100);
  });

  test("two concurrent reversals of one entry: one returns the points", async () => {
    const member = await createTestMember();
    await credit(member.id, 100, "profile:1:member:1");
    await debit(member.id, 60, "withdrawal:1", { type: "withdrawal" });

    const results = await Promise.all([reverse("withdrawal:1"), reverse("withdrawal:1"), reverse("withdrawal:1")]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await getBalance(getPrisma(), member.id)).toBe(100);
    expect(await entriesOf(member.id)).toHaveLength(3);
  });

  test("a reversed completion takes its points back, linked to the same assignment", async () => {
    const member = await createTestMember();
    await credit(member.id, 30, "profile:1:member:1");
    await getPrisma().$transaction((tx) =>
      creditPoints(
        tx,
        change(member.id, 100, "assignment:7:complete", { type: "survey_completion", remark: "Survey" }),
      ),
    );

    expect(await reverse("assignment:7:complete", "Completion reversed by the survey vendor")).toMatchObject({
      ok: true,
      original: { status: "reversed", change: 100 },
      reversal: {
        source: "assignment:7:complete:reversal",
        change: -100,
        type: "completion_reversal",
        status: "completed",
      },
      points: 100,
      shortfall: 0,
      balance: 30,
    });
    expect(await reverse("assignment:7:complete")).toEqual({ ok: false, reason: "already_reversed" });
    // Only completions and pending withdrawals are reversible.
    expect(await reverse("profile:1:member:1")).toEqual({ ok: false, reason: "not_reversible" });
    expect(await getBalance(getPrisma(), member.id)).toBe(30);
  });

  test("a reversed completion whose points were spent takes what is left, never below zero", async () => {
    const member = await createTestMember();
    await getPrisma().$transaction((tx) =>
      creditPoints(
        tx,
        change(member.id, 100, "assignment:8:complete", { type: "survey_completion", remark: "Survey" }),
      ),
    );
    await debit(member.id, 70, "withdrawal:1", { type: "withdrawal" });

    expect(await reverse("assignment:8:complete")).toMatchObject({
      ok: true,
      points: 30,
      shortfall: 70,
      balance: 0,
      reversal: { change: -30 },
    });
    expect(await getBalance(getPrisma(), member.id)).toBe(0);
    expect(await ledgerSum(member.id)).toBe(0);

    // With nothing left, the credit is still marked reversed, and no zero entry is written.
    await getPrisma().$transaction((tx) =>
      creditPoints(tx, change(member.id, 50, "assignment:9:complete", { type: "survey_completion", remark: "Survey" })),
    );
    await debit(member.id, 50, "expiry:1", { type: "expiry" });
    expect(await reverse("assignment:9:complete")).toMatchObject({
      ok: true,
      points: 0,
      shortfall: 50,
      reversal: null,
      balance: 0,
    });
    expect(await entry("assignment:9:complete")).toMatchObject({ status: "reversed" });
    expect(await getPrisma().pointsTransaction.count({ where: { source: "assignment:9:complete:reversal" } })).toBe(0);
  });

  test("an admin adjustment: the reason is the remark, audited, once per key, never below zero", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const adjust = (points: number, key: string, reason = "Goodwill for a failed survey") =>
      getPrisma().$transaction((tx) => adjustPoints(tx, { admin, memberId: member.id, points, reason, key }));

    expect(await adjust(250, "a1")).toMatchObject({
      ok: true,
      balance: 250,
      entry: { change: 250, type: "admin_adjustment" },
    });
    expect(await adjust(250, "a1")).toEqual({ ok: false, reason: "duplicate" });
    expect(await adjust(-100, "a2", "  Duplicate reward  ")).toMatchObject({ ok: true, balance: 150 });
    expect(await adjust(-151, "a3")).toEqual({ ok: false, reason: "insufficient_points" });
    await expect(adjust(10, "a4", " ")).rejects.toThrow(RangeError);
    await expect(adjust(0, "a5")).rejects.toThrow(RangeError);

    expect((await entriesOf(member.id)).map(({ change, remark, adminId }) => ({ change, remark, adminId }))).toEqual([
      { change: 250, remark: "Goodwill for a failed survey", adminId: admin.id },
      { change: -100, remark: "Duplicate reward", adminId: admin.id },
    ]);
    const audits = await getPrisma().auditEntry.findMany({ orderBy: { id: "asc" } });
    expect(audits.map((audit) => [audit.action, audit.targetId, (audit.details as { points: number }).points])).toEqual(
      [
        ["points.adjusted", String(member.id), 250],
        ["points.adjusted", String(member.id), -100],
      ],
    );
  });
});

describe("the points history", () => {
  test("newest first in the members' words, 10 a page; a page past the end shows the last", async () => {
    const member = await createTestMember();
    await credit(member.id, 500, "profile:1:member:1");
    await debit(member.id, 100, "withdrawal:1", { type: "withdrawal", remark: "Withdrawal to UPI" });
    await debit(member.id, 100, "withdrawal:2", { type: "withdrawal", remark: "Withdrawal to UPI" });
    await debit(member.id, 100, "withdrawal:3", { type: "withdrawal", remark: "Withdrawal to UPI" });
    await getPrisma().$transaction((tx) => settlePayout(tx, "withdrawal:2"));
    await getPrisma().$transaction((tx) => reverseEntry(tx, { source: "withdrawal:3", remark: "Points returned" }));

    const { rows, page, pageCount } = await listPointsHistory(member.id, 1);
    expect([page, pageCount]).toEqual([1, 1]);
    expect(rows.map(({ change, status, remark }) => [change, status, remark])).toEqual([
      [100, "Completed", "Points returned"],
      [-100, "Rejected", "Withdrawal to UPI"],
      [-100, "Paid out", "Withdrawal to UPI"],
      [-100, "Pending payment", "Withdrawal to UPI"],
      [500, "Completed", "Profile reward: About You"],
    ]);
    expect(rows[0].referenceId).toMatch(REFERENCE);

    for (let index = 0; index < POINTS_HISTORY_PAGE_SIZE + 2; index += 1) await credit(member.id, 1, `extra:${index}`);
    expect(await listPointsHistory(member.id, 2)).toMatchObject({ page: 2, pageCount: 2 });
    const last = await listPointsHistory(member.id, 99);
    expect(last.page).toBe(2);
    expect(last.rows).toHaveLength(7);
    expect(await listPointsHistory((await createTestMember()).id, 1)).toEqual({
      rows: [],
      page: 1,
      pageCount: 1,
      total: 0,
    });
  });
});
