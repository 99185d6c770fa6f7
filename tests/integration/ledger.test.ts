import type * as Crypto from "node:crypto";
import { randomBytes } from "node:crypto";
import { describe, expect, test, vi } from "vitest";
import { creditPoints, debitPoints, getBalance, type PointsChange } from "~/domain/ledger.server";
import { getPrisma } from "~/lib/db.server";
import { createTestMember } from "../support/factories";

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

    expect(result).toMatchObject({ ok: true, balance: 100, entry: { change: 100, status: "completed", type: "profile_reward" } });
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
    expect((await entriesOf(member.id)).map((entry) => entry.source)).toEqual(["profile:2:member:1", "profile:3:member:1"]);
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

    expect(await debit(member.id, 70, "withdrawal:7", { type: "withdrawal" })).toEqual({ ok: false, reason: "duplicate" });
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
    const written = (await entriesOf(member.id)).map((entry) => entry.source).filter((source) => source !== "profile:1:member:1");
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
