import { describe, expect, test } from "vitest";
import { assignToAll, findAssignSurvey } from "~/domain/assignments.server";
import { deleteAudience } from "~/domain/audiences.server";
import { listAvailableSurveys } from "~/domain/member-surveys.server";
import { startSurvey } from "~/domain/survey-taking.server";
import { getPrisma } from "~/lib/db.server";
import { createTestAdmin, createTestMember, createTestSurvey } from "../support/factories";

// Audiences (decision 049): a survey assigned to all is matched when the member looks, and the
// member's assignment row is written when they first open it.

async function externalSurvey() {
  const survey = await createTestSurvey({ delivery: "external", externalUrl: "https://vendor.example/s?rid={token}" });
  return (await findAssignSurvey(survey.id))!;
}

const surveysOf = async (memberId: number) => (await listAvailableSurveys(memberId, 1)).rows.map((row) => row.surveyId);

describe("an audience of everyone", () => {
  test("writes no row per member; a member who joins afterwards sees it at once, as new", async () => {
    const admin = await createTestAdmin();
    const early = await createTestMember();
    const survey = await externalSurvey();
    expect(await assignToAll(admin, survey, { screenerId: null, points: 30, confirmedCount: null })).toMatchObject({
      ok: true,
    });
    expect(await getPrisma().assignment.count()).toBe(0);
    const late = await createTestMember();
    for (const member of [early, late]) {
      const { rows } = await listAvailableSurveys(member.id, 1);
      expect(rows).toEqual([expect.objectContaining({ surveyId: survey.id, points: 30, isNew: true })]);
    }
  });

  test("the first open writes one assignment, even under 20 concurrent opens", async () => {
    const admin = await createTestAdmin();
    const member = await createTestMember();
    const survey = await externalSurvey();
    await assignToAll(admin, survey, { screenerId: null, points: 30, confirmedCount: null });
    const results = await Promise.all(Array.from({ length: 20 }, () => startSurvey(member.id, survey.id)));
    expect(results.every((result) => result.kind === "go")).toBe(true);
    const rows = await getPrisma().assignment.findMany({ where: { memberId: member.id } });
    expect(rows).toEqual([expect.objectContaining({ surveyId: survey.id, points: 30, status: 2 })]);
    expect((await listAvailableSurveys(member.id, 1)).rows).toEqual([
      expect.objectContaining({ surveyId: survey.id, isNew: false }),
    ]);
  });

  test("a deleted audience leaves the dashboards of members who never opened it", async () => {
    const admin = await createTestAdmin();
    const [opened, other] = [await createTestMember(), await createTestMember()];
    const survey = await externalSurvey();
    await assignToAll(admin, survey, { screenerId: null, points: 30, confirmedCount: null });
    await startSurvey(opened.id, survey.id);
    expect(await deleteAudience(admin, survey.id)).toBe(true);
    expect(await surveysOf(other.id)).toEqual([]);
    expect(await surveysOf(opened.id)).toEqual([survey.id]);
  });

  test("an unverified or other-country member does not match", async () => {
    const admin = await createTestAdmin();
    const unverified = await createTestMember({ emailVerifiedAt: null });
    const abroad = await createTestMember({ country: "US" });
    const survey = (await findAssignSurvey((await createTestSurvey({ country: "IN" })).id))!;
    await assignToAll(admin, survey, { screenerId: null, points: 30, confirmedCount: null });
    expect(await surveysOf(unverified.id)).toEqual([]);
    expect(await surveysOf(abroad.id)).toEqual([]);
    expect((await startSurvey(abroad.id, survey.id)).kind).toBe("not_found");
  });
});
