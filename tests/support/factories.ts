import { TERMS_VERSION } from "~/content/pages";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { creditPoints } from "~/domain/ledger.server";
import { hashPassword } from "~/domain/passwords.server";
import { getPrisma } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";

let counter = 0;

// One hash per password per test file: an argon2 hash costs tens of milliseconds, and a test that
// needs another salt hashes its own.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** A verified member with complete details; override any field. */
export async function createTestMember(overrides: Partial<Prisma.MemberCreateInput> = {}) {
  counter += 1;
  return getPrisma().member.create({
    data: {
      firstName: "Test",
      lastName: `Member ${counter}`,
      email: `member${counter}-${Date.now()}@example.com`,
      emailVerifiedAt: new Date(),
      country: "IN",
      state: "Karnataka",
      city: "Bengaluru",
      pin: "560001",
      dob: new Date("1990-04-15"),
      gender: "female",
      // Agreed to the current terms, as at registration; `termsAgreedVersion: null` for one who never did.
      termsAgreedVersion: TERMS_VERSION,
      termsAgreedAt: new Date(),
      ...overrides,
    },
  });
}

/** An active admin with a hashed password; override any field. */
export async function createTestAdmin(overrides: Partial<Prisma.AdminCreateInput> & { password?: string } = {}) {
  counter += 1;
  const { password = "Admin#Secret-42", ...rest } = overrides;
  return getPrisma().admin.create({
    data: {
      name: `Admin ${counter}`,
      email: `admin${counter}-${Date.now()}@example.com`,
      passwordHash: await cachedHash(password),
      ...rest,
    },
  });
}

/** A survey (hosted unless told otherwise, launched, 50 points, 10 minutes); override any field. */
export async function createTestSurvey(overrides: Partial<Prisma.SurveyUncheckedCreateInput> = {}) {
  const n = (counter += 1);
  // ON CONFLICT DO NOTHING: an upsert races when several surveys are created at once.
  await getPrisma().surveyCategory.createMany({ data: [{ id: 30, name: "Other" }], skipDuplicates: true });
  const category = { id: 30 };
  return getPrisma().survey.create({
    data: {
      name: `Survey ${n}`,
      slug: `survey-${n}-${Date.now()}`,
      categoryId: category.id,
      points: 50,
      lengthMinutes: 10,
      launched: true,
      delivery: "hosted",
      returnSecret: "0".repeat(64),
      ...overrides,
    },
  });
}

/** An assignment of a survey to a member (status 1 Assigned, the survey's points); override any field. */
export async function createTestAssignment(
  surveyId: number,
  memberId: number,
  overrides: Partial<Prisma.AssignmentUncheckedCreateInput> = {},
) {
  // Taken before the await: concurrent calls must not share a number (the token is unique).
  const n = (counter += 1);
  const survey = await getPrisma().survey.findUniqueOrThrow({ where: { id: surveyId } });
  return getPrisma().assignment.create({
    data: {
      surveyId,
      memberId,
      points: survey.points,
      respondentToken: `test-token-${n}-${Date.now()}`,
      ...overrides,
    },
  });
}

/** A complete of the survey by the member, its reward credited as survey delivery credits it. */
export async function createRewardedComplete(surveyId: number, memberId: number, points: number) {
  const assignment = await createTestAssignment(surveyId, memberId, {
    status: ASSIGNMENT_STATUS.complete,
    outcome: "complete",
    points,
    endedAt: new Date(),
  });
  await getPrisma().$transaction((tx) =>
    creditPoints(tx, {
      memberId,
      points,
      type: "survey_completion",
      source: `assignment:${assignment.id}:complete`,
      remark: "Survey completed",
      assignmentId: assignment.id,
    }),
  );
  return assignment;
}
