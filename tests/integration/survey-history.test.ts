import { describe, expect, test } from "vitest";
import "../support/file-outbox";
import { decideAppeal, fileAppeal } from "~/domain/appeals.server";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { creditPoints } from "~/domain/ledger.server";
import { reverseComplete } from "~/domain/member-actions.server";
import { HISTORY_REASONS } from "~/domain/survey-history";
import { getPrisma } from "~/lib/db.server";
import { loader as historyLoader } from "~/routes/_member.activities.surveyRecords";
import { createTestAdmin, createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { getRequest, routeArgs, signedInMember } from "../support/requests";

// Survey History (issue 21 point 6, decision 077): each ended survey by its name, with its outcome
// in words and the reward as the ledger paid it: credited, compensated, reversed, returned.

const history = async (cookie: string) =>
  (await historyLoader(routeArgs(getRequest("/activities/surveyRecords", cookie)))).rows;

/** An ended assignment of a new survey with this name, ended at this minute of 1 March 2026. */
async function ended(
  memberId: number,
  name: string,
  minute: number,
  assignment: { status: number; outcome?: "complete" | "terminate" | "over_quota" | "quality" | "security" },
) {
  const survey = await createTestSurvey({ name, points: 80 });
  return createTestAssignment(survey.id, memberId, {
    ...assignment,
    endedAt: new Date(Date.UTC(2026, 2, 1, 10, minute)),
  });
}

function credit(
  memberId: number,
  assignmentId: number,
  points: number,
  type: "survey_completion" | "screenout_compensation",
) {
  return getPrisma().$transaction((tx) =>
    creditPoints(tx, {
      memberId,
      points,
      type,
      source: `assignment:${assignmentId}:${type === "survey_completion" ? "complete" : "compensation"}`,
      remark: "Survey",
      assignmentId,
    }),
  );
}

describe("Survey History", () => {
  test("names each survey and says how it ended, newest first", async () => {
    const { member, cookie } = await signedInMember();
    const { complete, rejectedTerm, notAllowed, rejected } = ASSIGNMENT_STATUS;
    await ended(member.id, "Coffee at home", 1, { status: complete, outcome: "complete" });
    await ended(member.id, "Car owners", 2, { status: rejectedTerm, outcome: "terminate" });
    await ended(member.id, "Pet food", 3, { status: notAllowed });
    await ended(member.id, "Phones", 4, { status: notAllowed, outcome: "over_quota" });
    await ended(member.id, "Holidays", 5, { status: rejected, outcome: "quality" });
    await ended(member.id, "Banking", 6, { status: rejected, outcome: "security" });
    // Another member's survey is not in this history.
    await ended((await createTestMember()).id, "Not yours", 7, { status: complete, outcome: "complete" });

    const rows = await history(cookie);
    expect(rows.map((row) => [row.surveyName, row.outcome])).toEqual([
      ["Banking", "Rejected"],
      ["Holidays", "Rejected"],
      ["Phones", "Over quota"],
      ["Pet food", "Screened out"],
      ["Car owners", "Screened out"],
      ["Coffee at home", "Completed"],
    ]);
    expect(rows.find((row) => row.surveyName === "Pet food")?.reason).toBe(HISTORY_REASONS.prescreener);
    expect(rows.find((row) => row.surveyName === "Banking")?.reason).toBe(HISTORY_REASONS.security);
    expect(rows.find((row) => row.surveyName === "Holidays")?.reason).toMatch(/^Ended by our quality checks/);
  });

  test("the reward: a complete's points, a screen-out's compensation, nothing for a pre-screener failure", async () => {
    const { member, cookie } = await signedInMember();
    const done = await ended(member.id, "Coffee at home", 1, {
      status: ASSIGNMENT_STATUS.complete,
      outcome: "complete",
    });
    await credit(member.id, done.id, 80, "survey_completion");
    const screened = await ended(member.id, "Car owners", 2, {
      status: ASSIGNMENT_STATUS.rejectedTerm,
      outcome: "terminate",
    });
    await credit(member.id, screened.id, 10, "screenout_compensation");
    await ended(member.id, "Pet food", 3, { status: ASSIGNMENT_STATUS.notAllowed });

    expect((await history(cookie)).map((row) => [row.surveyName, row.reward, row.rewardNotes])).toEqual([
      ["Pet food", 0, []],
      ["Car owners", 10, ["10 points for your time"]],
      ["Coffee at home", 80, []],
    ]);
  });

  test("a reversed complete shows what was credited and taken back, with the admin's reason; an appeal's return counts", async () => {
    const { member, cookie } = await signedInMember();
    const done = await ended(member.id, "Coffee at home", 1, {
      status: ASSIGNMENT_STATUS.complete,
      outcome: "complete",
    });
    await credit(member.id, done.id, 80, "survey_completion");
    const admin = await createTestAdmin();
    const reversed = await reverseComplete(admin, member.id, { assignmentId: done.id, reason: "Speeding" });
    expect(reversed.ok).toBe(true);

    const [row] = await history(cookie);
    expect(row).toMatchObject({
      surveyName: "Coffee at home",
      outcome: "Completed",
      reward: 0,
      rewardNotes: ["80 points credited, then reversed", "80 points taken back"],
      reason: 'Reward for "Coffee at home" taken back: Speeding',
    });

    const reversal = await getPrisma().pointsTransaction.findFirstOrThrow({
      where: { assignmentId: done.id, type: "completion_reversal" },
    });
    await fileAppeal(member.id, { kind: "reversal", subjectId: reversal.id, message: "I read carefully." });
    const appeal = await getPrisma().appeal.findFirstOrThrow({ where: { memberId: member.id } });
    await decideAppeal(admin, { appealId: appeal.id, decision: "grant", reply: "Fine." });
    const [after] = await history(cookie);
    expect(after.reward).toBe(80);
    expect(after.rewardNotes.at(-1)).toBe("80 points returned after your appeal");
  });
});
