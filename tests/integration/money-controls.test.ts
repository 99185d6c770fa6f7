import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  assignByDemographics,
  assignSurvey,
  assignToAll,
  findAssignSurvey,
  reassignAssignment,
} from "~/domain/assignments.server";
import { creditPoints } from "~/domain/ledger.server";
import { parsePayoutConfig } from "~/domain/payout-config.server";
import {
  createProfileSurveySet,
  draftOf,
  editProfileSurveySet,
  findProfileSurveySet,
} from "~/domain/profile-survey-sets.server";
import { toEditorDraft } from "~/domain/profile-survey-set-schema";
import { seedCategories } from "~/domain/seed.server";
import { createSurvey, findSurvey, updateSurvey } from "~/domain/survey-catalogue.server";
import type { SurveyInput } from "~/domain/survey-catalogue-schema";
import { returnLinkTemplate, signReturnUrl, verifyReturnUrlWithSecrets } from "~/domain/survey-return-links.server";
import { recordReturn } from "~/domain/survey-taking.server";
import {
  approveWithdrawal,
  FOUR_EYES_MESSAGES,
  getWithdrawal,
  listWithdrawals,
  rejectWithdrawal,
  requestWithdrawal,
} from "~/domain/withdrawals.server";
import type { Admin } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { createQuestionnaire } from "~/questionnaire/storage.server";
import { action as editSurveyAction, loader as editSurveyLoader } from "~/routes/admin._console._survey.survey.$id";
import { loader as newSurveyLoader } from "~/routes/admin._console._survey.survey.new";
import { action as profileSetsAction } from "~/routes/admin._console._survey.profilesurvey._index";
import { action as assignAction } from "~/routes/admin._console._survey.surveysassignv2._index";
import {
  action as confirmationAction,
  loader as confirmationLoader,
} from "~/routes/admin._console.withdrawal.req.$referenceId";
import { adminCookie, adminRequest } from "../support/admin-requests";
import { createTestAdmin, createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { toastOf } from "../support/requests";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";

// Money controls (docs/decisions/038-money-controls.md) with their defaults: 10,000 points per
// assignment without a super-admin, two admins for a withdrawal above ₹5,000 (50,000 points at
// 10 points a rupee) or paid from points of the approver's own survey, and survey return secrets
// for super-admins only, rotated with a 24-hour grace period.

const DEFAULTS = parsePayoutConfig({});
/** The approval that pays at once carries the payout reference; without one it awaits a batch (decision 054). */
const PAID = { payoutReference: "UTR0001" };
const CAP_MESSAGE =
  "At most 10,000 points without a super-admin. Enter 10,000 or fewer, or ask a super-admin to set more.";

async function auditOf(action: string) {
  return getPrisma().auditEntry.findMany({ where: { action }, orderBy: { id: "asc" } });
}

describe("the points cap", () => {
  const surveyInput = (points: number): SurveyInput =>
    ({
      name: `Capped ${points}`,
      categoryId: 30,
      points,
      lengthMinutes: 10,
      delivery: "external",
      externalUrl: "https://vendor.example/s?rid={token}",
    }) as SurveyInput;

  test("a survey's points: refused above the cap for an admin, allowed and audited as such for a super-admin", async () => {
    await createTestSurvey(); // the category
    const admin = await createTestAdmin();
    const superAdmin = await createTestAdmin({ isSuperAdmin: true });

    expect(await createSurvey(admin, surveyInput(10_001))).toEqual({
      ok: false,
      fieldErrors: { points: [CAP_MESSAGE] },
    });
    expect(await createSurvey(admin, surveyInput(10_000))).toMatchObject({ ok: true });
    const created = await createSurvey(superAdmin, surveyInput(50_000));
    if (!created.ok) throw new Error("expected the super-admin's survey");
    const entries = await auditOf("survey.created");
    expect(entries.map((entry) => entry.details)).toEqual([
      expect.not.objectContaining({ aboveCap: true }),
      expect.objectContaining({ points: 50_000, aboveCap: true, cap: 10_000 }),
    ]);

    // An admin may edit the rest of a survey priced above the cap, but not raise anyone's points above it.
    const priced = (await findSurvey(created.id))!;
    expect(await updateSurvey(admin, priced, { ...surveyInput(50_000), name: "Renamed" })).toMatchObject({ ok: true });
    const renamed = (await findSurvey(created.id))!;
    expect(await updateSurvey(admin, renamed, { ...surveyInput(60_000), name: "Renamed" })).toEqual({
      ok: false,
      fieldErrors: { points: [CAP_MESSAGE] },
    });
    expect((await findSurvey(created.id))?.points).toBe(50_000);
    expect(await updateSurvey(superAdmin, renamed, { ...surveyInput(60_000), name: "Renamed" })).toMatchObject({
      ok: true,
    });
    expect((await auditOf("survey.updated")).at(-1)?.details).toMatchObject({ points: 60_000, aboveCap: true });
  });

  test("every assignment path refuses an admin above the cap and writes nothing", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const survey = await createTestSurvey({ points: 50_000 });
    const target = (await findAssignSurvey(survey.id))!;
    const ended = await createTestAssignment(survey.id, member.id, {
      status: ASSIGNMENT_STATUS.rejectedTerm,
      points: 50_000,
      endedAt: new Date(),
    });

    expect(await assignSurvey(admin, target, { memberId: member.id, screenerId: null, points: 10_001 })).toEqual({
      ok: false,
      fieldErrors: { points: [CAP_MESSAGE] },
    });
    expect(await assignToAll(admin, target, { screenerId: null, points: 10_001, confirmedCount: null })).toEqual({
      ok: false,
      fieldErrors: { points: [CAP_MESSAGE] },
    });
    expect(await assignByDemographics(admin, target, { rows: [], points: 10_001, confirmedCount: null })).toEqual({
      ok: false,
      errors: { rows: {}, points: CAP_MESSAGE },
    });
    expect(await reassignAssignment(admin, survey.id, ended.id)).toEqual({
      ok: false,
      message: `50,000 points: ${CAP_MESSAGE}`,
    });
    expect(await getPrisma().assignment.count()).toBe(1);
    expect(await getPrisma().auditEntry.count()).toBe(0);

    // At the cap, one member: allowed.
    expect(await assignSurvey(admin, target, { memberId: member.id, screenerId: null, points: 10_000 })).toMatchObject({
      ok: true,
    });
  });

  test("every assignment path lets a super-admin above the cap, and the audit entry says so", async () => {
    const superAdmin = await createTestAdmin({ isSuperAdmin: true });
    const [first, second] = [await createTestMember(), await createTestMember()];
    const survey = await createTestSurvey({ points: 50_000 });
    const target = (await findAssignSurvey(survey.id))!;
    const ended = await createTestAssignment(survey.id, second.id, {
      status: ASSIGNMENT_STATUS.rejectedTerm,
      points: 50_000,
      endedAt: new Date(),
    });

    expect(
      await assignSurvey(superAdmin, target, { memberId: first.id, screenerId: null, points: 20_000 }),
    ).toMatchObject({ ok: true });
    expect(await reassignAssignment(superAdmin, survey.id, ended.id)).toMatchObject({ ok: true });
    await getPrisma().assignment.updateMany({
      where: { surveyId: survey.id },
      data: { status: ASSIGNMENT_STATUS.rejectedTerm },
    });
    expect(
      await assignToAll(superAdmin, target, { screenerId: null, points: 30_000, confirmedCount: null }),
    ).toMatchObject({ ok: true });
    expect(
      await assignByDemographics(superAdmin, target, { rows: [], points: 40_000, confirmedCount: null }),
    ).toMatchObject({ ok: true });
    expect(await getPrisma().surveyAudience.findUnique({ where: { surveyId: survey.id } })).toMatchObject({
      points: 40_000,
    });

    const entries = await getPrisma().auditEntry.findMany({ orderBy: { id: "asc" } });
    expect(entries.map((entry) => [entry.action, entry.details])).toEqual([
      ["assignment.created", expect.objectContaining({ points: 20_000, aboveCap: true, cap: 10_000 })],
      ["assignment.reassigned", expect.objectContaining({ points: 50_000, aboveCap: true, cap: 10_000 })],
      ["audience.saved_all", expect.objectContaining({ points: 30_000, aboveCap: true, cap: 10_000 })],
      ["audience.saved_by_demographics", expect.objectContaining({ points: 40_000, aboveCap: true, cap: 10_000 })],
    ]);
  });

  test("the assign form shows the cap's message on the points field", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const survey = await createTestSurvey();
    const cookie = await adminCookie(admin.id);
    const result = expectData(
      await assignAction({
        request: adminRequest("/admin/surveysassignv2", {
          cookie,
          form: { survey_id: String(survey.id), points: "25000", user: String(member.id) },
        }),
        params: {},
        context: {},
      }),
    );
    expect(result.init?.status).toBe(400);
    expect((result.data as { error?: Record<string, string[]> }).error?.points).toEqual([CAP_MESSAGE]);
    expect(await getPrisma().assignment.count()).toBe(0);

    // The points fields say it before the click, as it applies to the admin looking.
    const hint = async (cookieOf: string) =>
      (
        await newSurveyLoader({
          request: adminRequest("/admin/survey/new", { cookie: cookieOf }),
          params: {},
          context: {},
        })
      ).pointsHint;
    expect(await hint(cookie)).toBe("At most 10,000 points without a super-admin.");
    const superAdmin = await createTestAdmin({ isSuperAdmin: true });
    expect(await hint(await adminCookie(superAdmin.id))).toBe(
      "Above 10,000 points is allowed for super-admins and marked in the audit log.",
    );
  });
});

describe("four eyes on withdrawals", () => {
  const BANK = {
    method: "bank" as const,
    holderName: "Asha Rao",
    bankName: "HDFC Bank",
    bankAccountNumber: "001234567890",
    bankIfsc: "HDFC0000123",
  };

  async function memberWith(points: number) {
    const member = await createTestMember();
    await getPrisma().$transaction(async (tx) => {
      await creditPoints(tx, {
        memberId: member.id,
        points,
        type: "admin_adjustment",
        source: `start:${member.id}`,
        remark: "Start",
      });
      await tx.paymentAccount.create({ data: { ...BANK, memberId: member.id } });
    });
    return member;
  }

  /** A completion credit from a survey created by `creator` and assigned by `assigner`. */
  async function completionCredit(memberId: number, { creator, assigner }: { creator?: Admin; assigner?: Admin }) {
    const survey = await createTestSurvey({ createdById: creator?.id ?? null });
    const assignment = await createTestAssignment(survey.id, memberId, {
      status: ASSIGNMENT_STATUS.complete,
      assignedById: assigner?.id ?? null,
    });
    await getPrisma().$transaction((tx) =>
      creditPoints(tx, {
        memberId,
        points: 500,
        type: "survey_completion",
        source: `assignment:${assignment.id}:complete`,
        remark: "Survey complete",
        assignmentId: assignment.id,
      }),
    );
  }

  async function requested(memberId: number, points: number) {
    const result = await requestWithdrawal(memberId, { points, method: "bank" }, DEFAULTS);
    if (!result.ok) throw new Error(result.message);
    return result.referenceId;
  }

  async function state(referenceId: string) {
    const withdrawal = await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId } });
    const entry = await getPrisma().pointsTransaction.findUniqueOrThrow({ where: { referenceId } });
    return {
      status: withdrawal.status,
      ledger: entry.status,
      firstApprovedById: withdrawal.firstApprovedById,
      approvedById: withdrawal.approvedById,
    };
  }

  test("at or below ₹5,000 (50,000 points) one approval still pays", async () => {
    const admin = await createTestAdmin();
    const member = await memberWith(50_000);
    const referenceId = await requested(member.id, 50_000);
    expect((await getWithdrawal(referenceId, admin))?.fourEyes).toEqual([]);
    expect(await approveWithdrawal(admin, referenceId, DEFAULTS, PAID)).toEqual({
      ok: true,
      message: `Payment confirmed: ${referenceId} is now Success (payout reference UTR0001).`,
    });
    expect(await state(referenceId)).toEqual({
      status: "success",
      ledger: "paid_out",
      firstApprovedById: null,
      approvedById: admin.id,
    });
  });

  test("above ₹5,000: the first approval is recorded and shown, the same admin twice is refused, a second admin pays once", async () => {
    const [first, second] = [await createTestAdmin(), await createTestAdmin()];
    const member = await memberWith(60_000);
    const referenceId = await requested(member.id, 50_010);
    expect((await getWithdrawal(referenceId, first))?.fourEyes).toEqual(["the amount is above ₹ 5,000.00"]);

    expect(await approveWithdrawal(first, referenceId, DEFAULTS, PAID)).toEqual({
      ok: true,
      message: FOUR_EYES_MESSAGES.firstApproval(referenceId),
    });
    expect(await state(referenceId)).toEqual({
      status: "pending",
      ledger: "pending",
      firstApprovedById: first.id,
      approvedById: null,
    });
    const shown = await getWithdrawal(referenceId, first);
    expect(shown).toMatchObject({
      statusLabel: "Pending (1 of 2 approvals)",
      firstApproval: { by: `${first.name} (${first.email})`, byViewer: true },
    });
    expect((await getWithdrawal(referenceId, second))?.firstApproval?.byViewer).toBe(false);
    expect((await listWithdrawals(1)).rows[0]).toMatchObject({
      referenceId,
      statusLabel: "Pending (1 of 2 approvals)",
    });

    expect(await approveWithdrawal(first, referenceId, DEFAULTS, PAID)).toEqual({
      ok: false,
      message: FOUR_EYES_MESSAGES.sameAdminTwice,
    });
    expect(await state(referenceId)).toMatchObject({ status: "pending", ledger: "pending" });

    expect(await approveWithdrawal(second, referenceId, DEFAULTS, PAID)).toEqual({
      ok: true,
      message: `Payment confirmed: ${referenceId} is now Success (payout reference UTR0001).`,
    });
    expect(await state(referenceId)).toEqual({
      status: "success",
      ledger: "paid_out",
      firstApprovedById: first.id,
      approvedById: second.id,
    });
    expect(await approveWithdrawal(second, referenceId, DEFAULTS, PAID)).toMatchObject({ ok: false });
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).pointsBalance).toBe(9_990);

    const entries = await getPrisma().auditEntry.findMany({ orderBy: { id: "asc" } });
    expect(entries.map((entry) => [entry.action, entry.adminId, entry.details])).toEqual([
      [
        "withdrawal.first_approved",
        first.id,
        expect.objectContaining({ reasons: ["above_threshold"], points: 50_010 }),
      ],
      [
        "withdrawal.approved",
        second.id,
        expect.objectContaining({ secondApproval: true, firstApprovedById: first.id }),
      ],
    ]);
  });

  test("points from a survey the approver created or assigned need a second admin, whatever the amount", async () => {
    const [creator, assigner, other] = [await createTestAdmin(), await createTestAdmin(), await createTestAdmin()];
    const member = await memberWith(4_000);
    await completionCredit(member.id, { creator, assigner });
    const referenceId = await requested(member.id, 1_200);

    expect((await getWithdrawal(referenceId, creator))?.fourEyes).toEqual([
      "some of the member's points came from a survey or profile survey you created, edited or assigned (or points you added)",
    ]);
    expect(await approveWithdrawal(creator, referenceId, DEFAULTS, PAID)).toEqual({
      ok: true,
      message: FOUR_EYES_MESSAGES.firstApproval(referenceId),
    });
    expect(await approveWithdrawal(other, referenceId, DEFAULTS, PAID)).toMatchObject({ ok: true });
    expect(await state(referenceId)).toMatchObject({ status: "success", ledger: "paid_out" });
    expect((await auditOf("withdrawal.first_approved"))[0].details).toMatchObject({ reasons: ["own_points"] });

    // The assigner is stopped too; an admin with no part in it pays alone.
    const second = await requested(member.id, 1_000);
    expect(await approveWithdrawal(assigner, second, DEFAULTS, PAID)).toEqual({
      ok: true,
      message: FOUR_EYES_MESSAGES.firstApproval(second),
    });
    expect(await state(second)).toMatchObject({ status: "pending", firstApprovedById: assigner.id });
    await rejectWithdrawal(other, second, "Rejection stays one step");
    expect(await state(second)).toMatchObject({ status: "rejected", ledger: "reversed" });

    const third = await requested(member.id, 1_000);
    expect(await approveWithdrawal(other, third, DEFAULTS, PAID)).toEqual({
      ok: true,
      message: `Payment confirmed: ${third} is now Success (payout reference UTR0001).`,
    });
  });

  test("two admins at once: one first approval and one payment, settled once; one admin twice at once counts once", async () => {
    for (let round = 0; round < 3; round += 1) {
      const [first, second] = [await createTestAdmin(), await createTestAdmin()];
      const member = await memberWith(120_000);
      const together = await requested(member.id, 60_000);
      const results = await Promise.all([
        approveWithdrawal(first, together, DEFAULTS, PAID),
        approveWithdrawal(second, together, DEFAULTS, PAID),
      ]);
      expect(results.every((result) => result.ok)).toBe(true);
      expect(await state(together)).toMatchObject({ status: "success", ledger: "paid_out" });

      const doubleClick = await requested(member.id, 60_000);
      const clicks = await Promise.all([
        approveWithdrawal(first, doubleClick, DEFAULTS, PAID),
        approveWithdrawal(first, doubleClick, DEFAULTS, PAID),
      ]);
      expect(clicks).toContainEqual({ ok: false, message: FOUR_EYES_MESSAGES.sameAdminTwice });
      expect(await state(doubleClick)).toEqual({
        status: "pending",
        ledger: "pending",
        firstApprovedById: first.id,
        approvedById: null,
      });
      expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).pointsBalance).toBe(0);
    }
    expect(await getPrisma().auditEntry.count({ where: { action: "withdrawal.approved" } })).toBe(3);
    expect(await getPrisma().auditEntry.count({ where: { action: "withdrawal.first_approved" } })).toBe(6);
    expect(await getPrisma().pointsTransaction.count({ where: { type: "withdrawal", status: "paid_out" } })).toBe(3);
  });

  test("the Payment Confirmation: the first admin is told a second approval is needed and refused a second time", async () => {
    const [first, second] = [await createTestAdmin(), await createTestAdmin()];
    const member = await memberWith(60_000);
    const referenceId = await requested(member.id, 60_000);
    const path = `/admin/withdrawal/req/${referenceId}`;
    const approve = async (admin: Admin) =>
      confirmationAction({
        request: adminRequest(path, {
          cookie: await adminCookie(admin.id),
          form: { intent: "approve", confirmed: "on", payoutReference: "UTR0001" },
        }),
        params: { referenceId },
        context: {},
      });
    const load = async (admin: Admin) =>
      confirmationLoader({
        request: adminRequest(path, { cookie: await adminCookie(admin.id) }),
        params: { referenceId },
        context: {},
      });

    expect((await load(first)).withdrawal.fourEyes).toEqual(["the amount is above ₹ 5,000.00"]);
    expect(await toastOf(expectRedirect(await approve(first)))).toEqual({
      type: "success",
      message: FOUR_EYES_MESSAGES.firstApproval(referenceId),
    });
    expect((await load(first)).withdrawal.firstApproval).toMatchObject({ byViewer: true });
    const again = expectData(await approve(first));
    expect(again.init?.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain(FOUR_EYES_MESSAGES.sameAdminTwice);
    expect(await toastOf(expectRedirect(await approve(second)))).toEqual({
      type: "success",
      message: `Payment confirmed: ${referenceId} is now Success (payout reference UTR0001).`,
    });
    expect(await state(referenceId)).toMatchObject({ status: "success", ledger: "paid_out" });
  });
});

describe("survey return secrets", () => {
  async function externalSurvey(secret = randomBytes(32).toString("hex")) {
    await seedCategories(getPrisma());
    return createTestSurvey({
      delivery: "external",
      externalUrl: "https://vendor.example/s?rid={token}",
      returnSecret: secret,
    });
  }

  const edit = async (admin: Admin, id: number, form: Record<string, string>) =>
    editSurveyAction({
      request: adminRequest(`/admin/survey/${id}`, { cookie: await adminCookie(admin.id), form }),
      params: { id: String(id) },
      context: {},
    });

  const load = async (admin: Admin, id: number) =>
    editSurveyLoader({
      request: adminRequest(`/admin/survey/${id}`, { cookie: await adminCookie(admin.id) }),
      params: { id: String(id) },
      context: {},
    });

  test("only a super-admin sees the secret; an admin cannot rotate it", async () => {
    const survey = await externalSurvey();
    const admin = await createTestAdmin();
    const superAdmin = await createTestAdmin({ isSuperAdmin: true });

    const page = await load(admin, survey.id);
    expect(page.delivery).toMatchObject({ kind: "external", signing: null });
    expect(JSON.stringify(page)).not.toContain(survey.returnSecret);
    expect(JSON.stringify(await load(superAdmin, survey.id))).toContain(survey.returnSecret);

    const refused = expectData(await edit(admin, survey.id, { intent: "rotate-secret", confirm: "on" }));
    expect(refused.init?.status).toBe(403);
    expect(refused.data).toMatchObject({
      form: "rotate-secret",
      error: { "": ["Only a super-admin can see or rotate a survey's signing secret."] },
    });
    expect((await getPrisma().survey.findUniqueOrThrow({ where: { id: survey.id } })).returnSecret).toBe(
      survey.returnSecret,
    );
    expect(await getPrisma().auditEntry.count()).toBe(0);
  });

  test("rotation needs the confirmation box, is audited without the secrets, and shows the new secret", async () => {
    const survey = await externalSurvey();
    const superAdmin = await createTestAdmin({ isSuperAdmin: true });

    const unconfirmed = expectData(await edit(superAdmin, survey.id, { intent: "rotate-secret" }));
    expect(unconfirmed.init?.status).toBe(400);
    expect(unconfirmed.data).toMatchObject({
      form: "rotate-secret",
      error: { "": ["Tick the box to confirm that the vendor will be given the new secret."] },
    });
    expect((await getPrisma().survey.findUniqueOrThrow({ where: { id: survey.id } })).returnSecret).toBe(
      survey.returnSecret,
    );

    const before = Date.now();
    const response = expectRedirect(await edit(superAdmin, survey.id, { intent: "rotate-secret", confirm: "on" }));
    expect((await toastOf(response))?.message).toMatch(
      /^New signing secret made\. Links signed with the old one keep working for 24 hours/,
    );
    const rotated = await getPrisma().survey.findUniqueOrThrow({ where: { id: survey.id } });
    expect(rotated.returnSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.returnSecret).not.toBe(survey.returnSecret);
    expect(rotated.previousReturnSecret).toBe(survey.returnSecret);
    const grace = rotated.previousSecretExpiresAt!.getTime() - before;
    expect(grace).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(grace).toBeLessThan(24 * 3_600_000 + 60_000);

    const [entry] = await getPrisma().auditEntry.findMany();
    expect(entry).toMatchObject({
      action: "survey.return_secret_rotated",
      adminId: superAdmin.id,
      targetId: String(survey.id),
    });
    expect(JSON.stringify(entry.details)).not.toContain(survey.returnSecret);
    expect(JSON.stringify(entry.details)).not.toContain(rotated.returnSecret);
    const page = await load(superAdmin, survey.id);
    expect(JSON.stringify(page)).toContain(rotated.returnSecret);
  });

  test("a link signed with the old secret works within the grace period and not after; the new one works", async () => {
    const survey = await externalSurvey();
    const superAdmin = await createTestAdmin({ isSuperAdmin: true });
    const member = await createTestMember();
    expectRedirect(await edit(superAdmin, survey.id, { intent: "rotate-secret", confirm: "on" }));
    const rotated = await getPrisma().survey.findUniqueOrThrow({ where: { id: survey.id } });

    const started = () =>
      createTestAssignment(survey.id, member.id, { status: ASSIGNMENT_STATUS.started, startedAt: new Date() });
    const pathOf = (token: string, secret: string) => {
      const url = new URL(signReturnUrl(returnLinkTemplate("complete").replace("{token}", token), secret));
      return `${url.pathname}${url.search}`;
    };
    const arrive = async (secret: string) => {
      const assignment = await started();
      const result = await recordReturn(member.id, pathOf(assignment.respondentToken, secret));
      await getPrisma().assignment.update({
        where: { id: assignment.id },
        data: { status: ASSIGNMENT_STATUS.rejectedTerm },
      });
      return result.kind;
    };

    expect(await arrive(survey.returnSecret)).toBe("ended");
    expect(await arrive(rotated.returnSecret)).toBe("ended");
    await getPrisma().survey.update({
      where: { id: survey.id },
      data: { previousSecretExpiresAt: new Date(Date.now() - 1000) },
    });
    expect(await arrive(survey.returnSecret)).toBe("security");
    expect(await arrive(rotated.returnSecret)).toBe("ended");
  });

  test("verifying with a previous secret depends on the clock", () => {
    const [old, current] = ["a".repeat(64), "b".repeat(64)];
    const link = signReturnUrl(returnLinkTemplate("complete").replace("{token}", "tok_1"), old);
    const expiresAt = new Date("2026-11-26T12:00:00Z");
    const secrets = { returnSecret: current, previousReturnSecret: old, previousSecretExpiresAt: expiresAt };
    expect(verifyReturnUrlWithSecrets(link, secrets, new Date("2026-11-26T11:59:59Z"))).toBe(true);
    expect(verifyReturnUrlWithSecrets(link, secrets, expiresAt)).toBe(false);
    expect(
      verifyReturnUrlWithSecrets(link, { ...secrets, previousReturnSecret: null }, new Date("2026-11-25T00:00:00Z")),
    ).toBe(false);
  });
});

// The review of the money controls (decision 038, "Gaps closed after review"): profile survey set
// rewards, a survey's delivery changed under its assignees, and a balance taken out in pieces.
describe("after review: every way for one admin to mint and pay out alone", () => {
  const BANK = {
    method: "bank" as const,
    holderName: "Asha Rao",
    bankName: "HDFC Bank",
    bankAccountNumber: "001234567890",
    bankIfsc: "HDFC0000123",
  };
  const OWN_POINTS =
    "some of the member's points came from a survey or profile survey you created, edited or assigned (or points you added)";

  async function memberWithAccount() {
    const member = await createTestMember();
    await getPrisma().paymentAccount.create({ data: { ...BANK, memberId: member.id } });
    return member;
  }

  async function credit(
    memberId: number,
    points: number,
    entry: { type: "admin_adjustment" | "profile_reward" | "survey_completion"; source: string; assignmentId?: number },
  ) {
    await getPrisma().$transaction((tx) => creditPoints(tx, { memberId, points, remark: "Credit", ...entry }));
  }

  async function requested(memberId: number, points: number) {
    const result = await requestWithdrawal(memberId, { points, method: "bank" }, DEFAULTS);
    if (!result.ok) throw new Error(result.message);
    return result.referenceId;
  }

  const statusOf = async (referenceId: string) =>
    (await getPrisma().withdrawalRequest.findUniqueOrThrow({ where: { referenceId } })).status;

  test("a profile survey set's reward is capped like a survey's points; a super-admin may go above it, audited", async () => {
    const admin = await createTestAdmin();
    const superAdmin = await createTestAdmin({ isSuperAdmin: true });
    expect(await createProfileSurveySet(admin, { title: "Rich set", country: "IN", reward: 10_001 })).toEqual({
      ok: false,
      fieldErrors: { reward: [CAP_MESSAGE] },
    });
    expect(await getPrisma().profileSurvey.count()).toBe(0);
    expect(await createProfileSurveySet(admin, { title: "At the cap", country: "IN", reward: 10_000 })).toMatchObject({
      ok: true,
    });
    expect(
      await createProfileSurveySet(superAdmin, { title: "Above the cap", country: "IN", reward: 20_000 }),
    ).toMatchObject({ ok: true });
    expect((await auditOf("profile_survey.created")).map((entry) => entry.details)).toEqual([
      expect.not.objectContaining({ aboveCap: true }),
      expect.objectContaining({ points: 20_000, aboveCap: true, cap: 10_000 }),
    ]);

    // The add form says it on the reward field, as the admin sees it.
    const result = expectData(
      await profileSetsAction({
        request: adminRequest("/admin/profilesurvey", {
          cookie: await adminCookie(admin.id),
          form: { title: "Form set", country: "IN", reward: "50000" },
        }),
        params: {},
        context: {},
      }),
    );
    expect(result.init?.status).toBe(400);
    expect((result.data as { error?: Record<string, string[]> }).error?.reward).toEqual([CAP_MESSAGE]);
    expect(await getPrisma().profileSurvey.count()).toBe(2);
  });

  test("profile survey rewards from a set the approver created or edited are the approver's own points", async () => {
    const [creator, editor, other] = [await createTestAdmin(), await createTestAdmin(), await createTestAdmin()];
    const created = await createProfileSurveySet(creator, { title: "Minted", country: "IN", reward: 10_000 });
    if (!created.ok) throw new Error("expected the set");
    // The editor saves the set once through the editor (audit profile_survey.updated).
    const set = (await findProfileSurveySet(created.id))!;
    const draft = draftOf(set);
    const form = new FormData();
    form.set("version", draft.version);
    form.set("intent", "save");
    form.set("draft", JSON.stringify(toEditorDraft(draft.questions)));
    draft.questions.forEach((question, index) => form.set(`question.0.${index}`, `${question.label} edited`));
    expect(await editProfileSurveySet(editor, set, form)).toMatchObject({ ok: true });

    const member = await memberWithAccount();
    await credit(member.id, 10_000, { type: "profile_reward", source: `profile:${created.id}:member:${member.id}` });
    const referenceId = await requested(member.id, 10_000);

    expect((await getWithdrawal(referenceId, creator))?.fourEyes).toEqual([OWN_POINTS]);
    expect((await getWithdrawal(referenceId, editor))?.fourEyes).toEqual([OWN_POINTS]);
    expect((await getWithdrawal(referenceId, other))?.fourEyes).toEqual([]);
    expect(await approveWithdrawal(creator, referenceId, DEFAULTS, PAID)).toEqual({
      ok: true,
      message: FOUR_EYES_MESSAGES.firstApproval(referenceId),
    });
    expect(await statusOf(referenceId)).toBe("pending");
    expect((await auditOf("withdrawal.first_approved"))[0].details).toMatchObject({ reasons: ["own_points"] });
    expect(await approveWithdrawal(other, referenceId, DEFAULTS, PAID)).toMatchObject({ ok: true });
    expect(await statusOf(referenceId)).toBe("success");
  });

  test("an admin cannot change the delivery, URL or questionnaire of a survey with assignments; a super-admin can", async () => {
    await seedCategories(getPrisma());
    const [owner, admin] = [await createTestAdmin(), await createTestAdmin()];
    const superAdmin = await createTestAdmin({ isSuperAdmin: true });
    const survey = await createTestSurvey({
      delivery: "external",
      externalUrl: "https://vendor.example/s?rid={token}",
      createdById: owner.id,
    });
    const questionnaireId = await getPrisma().$transaction((tx) =>
      createQuestionnaire(tx, {
        kind: "hosted_survey",
        definition: {
          title: "Easy",
          description: "",
          pages: [
            { title: "Page 1", questions: [{ key: "q1", label: "Yes?", type: "text", required: true, options: [] }] },
          ],
        },
        createdById: admin.id,
      }),
    );
    const member = await createTestMember();
    await createTestAssignment(survey.id, member.id, { assignedById: owner.id });

    // The edit form always posts intent=save (a hidden field); its other buttons name their own.
    const base = {
      intent: "save",
      name: survey.name,
      slug: survey.slug,
      categoryId: "30",
      points: "50",
      lengthMinutes: "10",
    };
    const edit = async (who: Admin, form: Record<string, string>) =>
      editSurveyAction({
        request: adminRequest(`/admin/survey/${survey.id}`, {
          cookie: await adminCookie(who.id),
          form: { ...base, ...form },
        }),
        params: { id: String(survey.id) },
        context: {},
      });

    const toHosted = expectData(await edit(admin, { delivery: "hosted", questionnaireId: String(questionnaireId) }));
    expect(toHosted.init?.status).toBe(400);
    const reply = toHosted.data as { error?: Record<string, string[]> };
    expect(reply.error?.[""]).toEqual([
      "This survey has assignments or an audience, so only a super-admin can change its delivery, external URL or questionnaire. Put them back as they were to save your other changes, or ask a super-admin.",
    ]);
    expect(reply.error?.delivery).toEqual([
      "Only a super-admin can change this while the survey has assignments or an audience.",
    ]);
    const otherUrl = expectData(
      await edit(admin, { delivery: "external", externalUrl: "https://other.example/s?rid={token}" }),
    );
    expect((otherUrl.data as { error?: Record<string, string[]> }).error?.externalUrl).toEqual([
      "Only a super-admin can change this while the survey has assignments or an audience.",
    ]);
    expect(await getPrisma().survey.findUniqueOrThrow({ where: { id: survey.id } })).toMatchObject({
      delivery: "external",
      externalUrl: "https://vendor.example/s?rid={token}",
      questionnaireId: null,
    });
    expect(await auditOf("survey.updated")).toEqual([]);

    // The rest of the survey stays editable; a super-admin may change the delivery.
    expectRedirect(
      await edit(admin, { name: "Renamed", delivery: "external", externalUrl: "https://vendor.example/s?rid={token}" }),
    );
    expectRedirect(
      await edit(superAdmin, { name: "Renamed", delivery: "hosted", questionnaireId: String(questionnaireId) }),
    );
    expect(await getPrisma().survey.findUniqueOrThrow({ where: { id: survey.id } })).toMatchObject({
      name: "Renamed",
      delivery: "hosted",
      questionnaireId,
    });

    // Without assignments an admin may change the delivery (nobody can complete it yet).
    const fresh = await createTestSurvey({ delivery: "external", externalUrl: "https://vendor.example/s?rid={token}" });
    const unassigned = await updateSurvey(admin, (await findSurvey(fresh.id))!, {
      name: fresh.name,
      slug: fresh.slug,
      categoryId: 30,
      points: 50,
      lengthMinutes: 10,
      delivery: "external",
      externalUrl: "https://other.example/s?rid={token}",
      questionnaireId: null,
    } as SurveyInput);
    expect(unassigned).toMatchObject({ ok: true });
  });

  test("an admin who edited a survey counts its completions as own points", async () => {
    const [creator, editor, other] = [await createTestAdmin(), await createTestAdmin(), await createTestAdmin()];
    const survey = await createTestSurvey({
      delivery: "external",
      externalUrl: "https://vendor.example/s?rid={token}",
      createdById: creator.id,
    });
    const edited = await updateSurvey(editor, (await findSurvey(survey.id))!, {
      name: "Edited",
      slug: survey.slug,
      categoryId: 30,
      points: 50,
      lengthMinutes: 10,
      delivery: "external",
      externalUrl: "https://vendor.example/s?rid={token}",
      questionnaireId: null,
    } as SurveyInput);
    expect(edited).toMatchObject({ ok: true });
    const member = await memberWithAccount();
    const assignment = await createTestAssignment(survey.id, member.id, {
      status: ASSIGNMENT_STATUS.complete,
      assignedById: creator.id,
    });
    await credit(member.id, 5_000, {
      type: "survey_completion",
      source: `assignment:${assignment.id}:complete`,
      assignmentId: assignment.id,
    });
    const referenceId = await requested(member.id, 5_000);

    expect((await getWithdrawal(referenceId, editor))?.fourEyes).toEqual([OWN_POINTS]);
    expect((await getWithdrawal(referenceId, other))?.fourEyes).toEqual([]);
    expect(await approveWithdrawal(editor, referenceId, DEFAULTS, PAID)).toEqual({
      ok: true,
      message: FOUR_EYES_MESSAGES.firstApproval(referenceId),
    });
    expect(await statusOf(referenceId)).toBe("pending");
  });

  test("requests of the last 24 hours are added up: pieces under ₹5,000 together above it need two admins", async () => {
    const [admin, other] = [await createTestAdmin(), await createTestAdmin()];
    const member = await memberWithAccount();
    await credit(member.id, 100_000, { type: "admin_adjustment", source: `start:${member.id}` });
    const PIECES =
      "with the member's other withdrawals requested in the 24 hours before it (rejected ones aside), the total is above ₹ 5,000.00";

    const first = await requested(member.id, 20_000); // ₹2,000
    const second = await requested(member.id, 20_000); // ₹4,000 in all
    const third = await requested(member.id, 20_000); // ₹6,000 in all
    expect((await getWithdrawal(first, admin))?.fourEyes).toEqual([]);
    expect((await getWithdrawal(second, admin))?.fourEyes).toEqual([]);
    expect((await getWithdrawal(third, admin))?.fourEyes).toEqual([PIECES]);
    // Shown in words on the Payment Confirmation.
    const page = await confirmationLoader({
      request: adminRequest(`/admin/withdrawal/req/${third}`, { cookie: await adminCookie(other.id) }),
      params: { referenceId: third },
      context: {},
    });
    expect(page.withdrawal.fourEyes).toEqual([PIECES]);
    expect(await approveWithdrawal(admin, first, DEFAULTS, PAID)).toMatchObject({
      ok: true,
      message: `Payment confirmed: ${first} is now Success (payout reference UTR0001).`,
    });
    expect(await approveWithdrawal(admin, third, DEFAULTS, PAID)).toEqual({
      ok: true,
      message: FOUR_EYES_MESSAGES.firstApproval(third),
    });
    expect(await statusOf(third)).toBe("pending");
    expect((await auditOf("withdrawal.first_approved"))[0].details).toMatchObject({
      reasons: ["recent_total_above_threshold"],
    });

    // A rejected request no longer counts; a request older than 24 hours does not either.
    await rejectWithdrawal(other, second, "Split request");
    const later = await requested(member.id, 10_000); // ₹2,000 + ₹2,000 (third) + ₹1,000 (later) with the first
    expect((await getWithdrawal(later, admin))?.fourEyes).toEqual([]);
    const fourth = await requested(member.id, 5_000); // ₹5,500 in all
    expect((await getWithdrawal(fourth, admin))?.fourEyes).toEqual([PIECES]);
    await getPrisma().withdrawalRequest.update({
      where: { referenceId: first },
      data: { requestedAt: new Date(Date.now() - 25 * 3_600_000) },
    });
    expect((await getWithdrawal(fourth, admin))?.fourEyes).toEqual([]);
  });
});
