import { describe, expect, test, vi } from "vitest";
import { recordAudit } from "~/domain/audit.server";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { adjustPoints, creditPoints } from "~/domain/ledger.server";
import { loadMemberPage, MEMBER_PAGE_SIZE } from "~/domain/member-page.server";
import { parsePayoutConfig } from "~/domain/payout-config.server";
import { requestWithdrawal } from "~/domain/withdrawals.server";
import { getPrisma } from "~/lib/db.server";
import type * as DbServer from "~/lib/db.server";
import { loader } from "~/routes/admin._console.users_.$id";
import { createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { expectThrown } from "../support/remix";
import { getRequest, memberCookie, routeArgs, signedInAdmin, signedInMember } from "../support/requests";

// The admin's member page, /admin/users/{id} (issue 18 point 1): what an admin sees of one member,
// each list paged on its own, the payout account masked, and nobody but an admin gets in.

const ACCOUNT_NUMBER = "009876543210";

// Every database operation of this file is counted, to prove the page reads with a fixed number of
// queries however much the member holds.
const counter = vi.hoisted(() => ({ operations: 0 }));
vi.mock("~/lib/db.server", async (importOriginal) => {
  const original = await importOriginal<typeof DbServer>();
  const counted = new WeakMap<object, unknown>();
  const getPrisma = () => {
    const base = original.getPrisma();
    if (!counted.has(base)) {
      const extended = base.$extends({
        query: {
          $allOperations({ args, query }) {
            counter.operations += 1;
            return query(args);
          },
        },
      });
      counted.set(base, extended);
    }
    return counted.get(base) as ReturnType<typeof original.getPrisma>;
  };
  return { ...original, getPrisma };
});

function openPage(cookie: string | undefined, memberId: number | string, query = "") {
  return loader(routeArgs(getRequest(`/admin/users/${memberId}${query}`, cookie), { id: String(memberId) }));
}

/** A member with a bit of everything: ledger entries, an assignment, a bank account, a withdrawal, a session. */
async function busyMember() {
  const prisma = getPrisma();
  const { admin } = await signedInAdmin();
  const member = await createTestMember({ firstName: "Asha", lastName: "Rao", mobile: "9876543210" });
  const survey = await createTestSurvey({ name: "Snack habits" });
  const assignment = await createTestAssignment(survey.id, member.id, {
    status: ASSIGNMENT_STATUS.complete,
    points: 70,
  });
  await prisma.$transaction(async (tx) => {
    await creditPoints(tx, {
      memberId: member.id,
      points: 5000,
      type: "survey_completion",
      source: `assignment:${assignment.id}:complete`,
      remark: "Survey completed: Snack habits",
      assignmentId: assignment.id,
    });
    await adjustPoints(tx, {
      admin,
      memberId: member.id,
      points: -200,
      reason: "Duplicate entry corrected",
      key: "k1",
    });
    await recordAudit(tx, {
      admin,
      action: "assignment.created",
      targetType: "assignment",
      targetId: assignment.id,
      details: { surveyId: survey.id, memberId: member.id, points: 70 },
    });
    await tx.paymentAccount.create({
      data: {
        memberId: member.id,
        method: "bank",
        holderName: "Asha Rao",
        bankName: "HDFC Bank",
        bankAccountNumber: ACCOUNT_NUMBER,
        bankIfsc: "HDFC0000123",
      },
    });
  });
  const withdrawal = await requestWithdrawal(member.id, { points: 1000, method: "bank" }, parsePayoutConfig({}));
  if (!withdrawal.ok) throw new Error(`The withdrawal was refused: ${withdrawal.message}`);
  const sessionCookie = await memberCookie(member.id);
  return { member, survey, assignment, withdrawal, sessionCookie };
}

describe("an admin opens a member's page", () => {
  test("shows details, balance, ledger, assignments, masked account, withdrawal, session and audit", async () => {
    const { cookie } = await signedInAdmin();
    const { member, survey, withdrawal } = await busyMember();

    const page = await openPage(cookie, member.id);

    expect(page.member).toMatchObject({
      id: member.id,
      name: "Asha Rao",
      email: member.email,
      mobile: "9876543210",
      status: "Active",
      balance: 3800,
    });
    expect(page.member.verifiedAt).not.toBeNull();
    expect(page.ledger.total).toBe(3);
    expect(page.ledger.rows.map((row) => row.remark)).toEqual(
      expect.arrayContaining(["Survey completed: Snack habits", "Duplicate entry corrected"]),
    );
    expect(page.ledger.rows.find((row) => row.remark === "Duplicate entry corrected")).toMatchObject({
      change: -200,
      status: "Completed",
    });
    // The withdrawal's debit reads as the member reads it in Points History.
    expect(page.ledger.rows.find((row) => row.change === -1000)?.status).toBe("Pending payment");
    expect(page.assignments.rows).toEqual([
      expect.objectContaining({ surveyId: survey.id, surveyName: "Snack habits", status: "Complete", points: 70 }),
    ]);
    expect(page.paymentAccounts).toEqual([
      expect.objectContaining({ method: "Bank", holderName: "Asha Rao", summary: "Bank · HDFC Bank ••••••••3210" }),
    ]);
    expect(page.withdrawals.rows).toEqual([
      expect.objectContaining({ referenceId: withdrawal.referenceId, points: 1000, method: "Bank", status: "Pending" }),
    ]);
    expect(page.sessions).toHaveLength(1);
    expect(page.audit.rows.map((entry) => entry.action).sort()).toEqual(["assignment.created", "points.adjusted"]);
  });

  test("never sends the full account number or a session id to the page", async () => {
    const { cookie } = await signedInAdmin();
    const { member } = await busyMember();
    const [session] = await getPrisma().memberSession.findMany({ where: { memberId: member.id } });

    const sent = JSON.stringify(await openPage(cookie, member.id));

    expect(sent).toContain("3210");
    expect(sent).not.toContain(ACCOUNT_NUMBER);
    expect(sent).not.toContain(session.id);
  });

  test("shows another member's audit entries and ledger nowhere", async () => {
    const { cookie } = await signedInAdmin();
    await busyMember();
    const quiet = await createTestMember();

    const page = await openPage(cookie, quiet.id);

    expect(page.member.id).toBe(quiet.id);
    expect(page.member.balance).toBe(0);
    expect(page.ledger.rows).toEqual([]);
    expect(page.audit.rows).toEqual([]);
    expect(page.withdrawals.rows).toEqual([]);
    expect(page.sessions).toEqual([]);
  });

  test("a member who asked for deletion shows as Deletion pending", async () => {
    const { cookie } = await signedInAdmin();
    const member = await createTestMember({ status: "closed", deletionRequestedAt: new Date() });

    const page = await openPage(cookie, member.id);

    expect(page.member.status).toBe("Deletion pending");
    expect(page.member.deletionRequestedAt).not.toBeNull();
  });
});

describe("paging", () => {
  async function memberWithLedger(entries: number) {
    const member = await createTestMember();
    await getPrisma().$transaction(async (tx) => {
      for (let index = 1; index <= entries; index += 1) {
        await creditPoints(tx, {
          memberId: member.id,
          points: index,
          type: "admin_adjustment",
          source: `paging:${member.id}:${index}`,
          remark: `Credit ${index}`,
        });
      }
    });
    // Distinct times, so newest first is a fixed order.
    const rows = await getPrisma().pointsTransaction.findMany({
      where: { memberId: member.id },
      orderBy: { id: "asc" },
    });
    for (const [index, row] of rows.entries()) {
      await getPrisma().pointsTransaction.update({
        where: { id: row.id },
        data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)) },
      });
    }
    return member;
  }

  test("each list pages by its own parameter, newest first", async () => {
    const { cookie } = await signedInAdmin();
    const member = await memberWithLedger(MEMBER_PAGE_SIZE + 3);

    const first = await openPage(cookie, member.id);
    const second = await openPage(cookie, member.id, "?ledger=2&audit=5");

    expect(first.ledger).toMatchObject({ page: 1, pageCount: 2, total: MEMBER_PAGE_SIZE + 3 });
    expect(first.ledger.rows).toHaveLength(MEMBER_PAGE_SIZE);
    expect(first.ledger.rows[0].remark).toBe(`Credit ${MEMBER_PAGE_SIZE + 3}`);
    expect(second.ledger.page).toBe(2);
    expect(second.ledger.rows.map((row) => row.remark)).toEqual(["Credit 3", "Credit 2", "Credit 1"]);
    // The audit list has one page: asking for page 5 shows that page, not an empty list.
    expect(second.audit.page).toBe(1);
  });

  test("a page past the end shows the last page; a malformed one the first", async () => {
    const { cookie } = await signedInAdmin();
    const member = await memberWithLedger(MEMBER_PAGE_SIZE + 1);

    const past = await openPage(cookie, member.id, "?ledger=99");
    const junk = await openPage(cookie, member.id, "?ledger=abc");

    expect(past.ledger.page).toBe(2);
    expect(past.ledger.rows.map((row) => row.remark)).toEqual(["Credit 1"]);
    expect(junk.ledger.page).toBe(1);
  });
});

describe("who may open it", () => {
  test("an unknown or malformed id is the 404 page", async () => {
    const { cookie } = await signedInAdmin();
    for (const id of ["999999", "0", "abc", "1.5"]) {
      expect((await expectThrown(openPage(cookie, id))).status).toBe(404);
    }
  });

  test("a member, even the member themselves, gets the 404 page", async () => {
    const { member, cookie } = await signedInMember();
    expect((await expectThrown(openPage(cookie, member.id))).status).toBe(404);
    expect((await expectThrown(openPage(undefined, member.id))).status).toBe(404);
  });
});

describe("the page's cost", () => {
  test("the same number of queries for a member with nothing and one with many entries", async () => {
    const quiet = await createTestMember();
    const busy = await busyMember();
    await getPrisma().$transaction(async (tx) => {
      for (let index = 1; index <= 2 * MEMBER_PAGE_SIZE; index += 1) {
        await creditPoints(tx, {
          memberId: busy.member.id,
          points: 1,
          type: "admin_adjustment",
          source: `cost:${index}`,
          remark: `Credit ${index}`,
        });
      }
    });
    const pages = { ledger: 1, assignments: 1, withdrawals: 1, audit: 1 };

    const queriesFor = async (memberId: number) => {
      const before = counter.operations;
      await loadMemberPage(memberId, pages);
      return counter.operations - before;
    };

    const forQuiet = await queriesFor(quiet.id);
    expect(forQuiet).toBeGreaterThan(0);
    expect(await queriesFor(busy.member.id)).toBe(forQuiet);
  });
});
