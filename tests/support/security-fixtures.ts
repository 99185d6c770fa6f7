import { randomBytes } from "node:crypto";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { verificationLink } from "~/domain/email-verification.server";
import { BUILT_IN_PROFILE_SURVEYS } from "~/domain/profile-questionnaires";
import { creditPoints } from "~/domain/ledger.server";
import { parsePayoutConfig } from "~/domain/payout-config.server";
import { createProfileSurveySet } from "~/domain/profile-survey-sets.server";
import { RETURN_PATH, signReturnUrl } from "~/domain/survey-return-links.server";
import { createPayoutBatch } from "~/domain/payout-batches.server";
import { approveWithdrawal, requestWithdrawal } from "~/domain/withdrawals.server";
import { getPrisma } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire } from "~/questionnaire/storage.server";
import { createTestAssignment, createTestSurvey } from "./factories";
import { checkbox, none, number, option, page, questionnaire as definition, radio, text } from "./questionnaires";
import type { RoleWorld } from "./roles";

// The objects the security suite's routes name in their URLs, each owned by the world's member (or
// made by its admin), so that the member reaches them and the other member must not.

/** One question of each kind the fuzzers care about: a number, a choice, several choices, text. */
export const FIXTURE_DEFINITION: QuestionnaireDefinition = definition(
  "Security fixture",
  [
    page("First page", [
      number("cupsPerDay", "How many cups a day?"),
      radio("favourite", "Favourite drink", [option("Espresso"), option("Latte")]),
    ]),
    page("Second page", [
      checkbox("extras", "Extras", [option("Milk"), option("Sugar"), none()]),
      text("remarks", "Remarks"),
    ]),
  ],
  "Questions of every shape.",
);

async function questionnaire(kind: "screener" | "hosted_survey" | "profile") {
  return getPrisma().$transaction((tx) => createQuestionnaire(tx, { kind, definition: FIXTURE_DEFINITION }));
}

/** A launched hosted survey assigned to the member, in this status. */
export async function ownHostedSurvey(world: RoleWorld, status: number = ASSIGNMENT_STATUS.assigned) {
  const survey = await createTestSurvey({
    questionnaireId: await questionnaire("hosted_survey"),
    returnSecret: randomBytes(32).toString("hex"),
  });
  const assignment = await createTestAssignment(survey.id, world.member.id, {
    status,
    openedAt: status === ASSIGNMENT_STATUS.assigned ? null : new Date(),
  });
  return { survey, assignment };
}

/** A screener (its questionnaire and Screener row), made by the admin. */
export async function adminScreener(world: RoleWorld) {
  const questionnaireId = await questionnaire("screener");
  return getPrisma().screener.create({ data: { questionnaireId, createdById: world.admin.id } });
}

/** A launched external survey behind a screener, assigned to the member and already opened. */
export async function ownScreenedSurvey(world: RoleWorld) {
  const screener = await adminScreener(world);
  const survey = await createTestSurvey({
    delivery: "external",
    externalUrl: "https://vendor.example/s?rid={token}",
    returnSecret: randomBytes(32).toString("hex"),
    screenerId: screener.id,
  });
  // Opened already, so that showing the screener again changes nothing.
  const assignment = await createTestAssignment(survey.id, world.member.id, { openedAt: new Date() });
  return { survey, assignment, screener };
}

/** The member's assignment of an external survey, not started yet, and its survey's return secret. */
export async function ownExternalAssignment(world: RoleWorld) {
  const survey = await createTestSurvey({
    delivery: "external",
    externalUrl: "https://vendor.example/s?rid={token}",
    returnSecret: randomBytes(32).toString("hex"),
  });
  const assignment = await createTestAssignment(survey.id, world.member.id);
  return { survey, assignment };
}

/** A vendor's signed 'complete' return link for the member's assignment, which is not started yet. */
export async function ownReturnLinkQuery(world: RoleWorld) {
  const { survey, assignment } = await ownExternalAssignment(world);
  const link = `${new URL(RETURN_PATH, getEnv().APP_URL).href}?status=complete&token=${assignment.respondentToken}`;
  return new URL(signReturnUrl(link, survey.returnSecret)).search;
}

/** An admin-made profile survey set offered in the member's country (India), not the other member's. */
export async function indianProfileSet(world: RoleWorld) {
  const created = await createProfileSurveySet(world.admin, { title: "Commute", country: "IN", reward: 40 });
  if (!created.ok) throw new Error("The profile survey set fixture was refused");
  return created.id;
}

/** A payout account of the member (bank), with a balance to withdraw from. */
export async function ownPaymentAccount(world: RoleWorld, points = 0) {
  return getPrisma().$transaction(async (tx) => {
    if (points > 0) {
      await creditPoints(tx, {
        memberId: world.member.id,
        points,
        type: "admin_adjustment",
        source: `security:${world.member.id}`,
        remark: "Start",
      });
    }
    return tx.paymentAccount.create({
      data: {
        memberId: world.member.id,
        method: "bank",
        holderName: "Asha Rao",
        bankName: "HDFC Bank",
        bankAccountNumber: "001234567890",
        bankIfsc: "HDFC0000123",
      },
    });
  });
}

/** A pending withdrawal of the member; returns its reference id. */
export async function ownWithdrawal(world: RoleWorld) {
  await ownPaymentAccount(world, 5000);
  const result = await requestWithdrawal(world.member.id, { points: 1000, method: "bank" }, parsePayoutConfig({}));
  if (!result.ok) throw new Error(`The withdrawal fixture was refused: ${result.message}`);
  return result.referenceId;
}

/** A survey of the member's that ended as a quality termination: its appeal event (decision 073). */
export async function ownQualityTermination(world: RoleWorld) {
  const survey = await createTestSurvey();
  const assignment = await createTestAssignment(survey.id, world.member.id, {
    status: ASSIGNMENT_STATUS.rejectedTerm,
    outcome: "quality",
  });
  return { assignmentId: assignment.id, event: `quality_termination-${assignment.id}` };
}

/** The unverified member's own verification link, as path, params and query. */
export function unverifiedMemberLink(world: RoleWorld) {
  const url = new URL(verificationLink(world.unverified));
  const [, , , id, hash] = url.pathname.split("/");
  return { params: { id, hash }, query: url.search };
}

/** One built-in profile questionnaire, as the seed stores it (the seed of all five is slower). */
export async function builtInProfileSurvey(slug: string) {
  const builtIn = BUILT_IN_PROFILE_SURVEYS.find((candidate) => candidate.slug === slug);
  if (!builtIn) throw new Error(`No built-in profile questionnaire ${slug}`);
  const { path, category, points, minutes, definition } = builtIn;
  return getPrisma().$transaction(async (tx) => {
    const questionnaireId = await createQuestionnaire(tx, { kind: "profile", definition });
    return tx.profileSurvey.create({ data: { questionnaireId, path, slug, category, points, minutes, country: null } });
  });
}

/**
 * A payout batch (decision 054) holding the member's own withdrawal, approved by the world's admin
 * and Sent: the batch page's forms then have a payout to record.
 */
export async function sentPayoutBatch(world: RoleWorld) {
  const referenceId = await ownWithdrawal(world);
  const approved = await approveWithdrawal(world.admin, referenceId, parsePayoutConfig({}));
  if (!approved.ok) throw new Error(`The approval fixture was refused: ${approved.message}`);
  const made = await createPayoutBatch(world.admin, "bank", [referenceId]);
  if (!made.ok) throw new Error(`The batch fixture was refused: ${made.message}`);
  return { batchId: made.batchId, referenceId };
}
