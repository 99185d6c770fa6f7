import { z } from "zod";
import { randomBytes } from "node:crypto";
import { TERMS_VERSION } from "~/content/pages";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { assignSurvey } from "~/domain/assignments.server";
import { recordAudit, type AuditAction } from "~/domain/audit.server";
import { creditPoints, reverseEntry } from "~/domain/ledger.server";
import { raiseSignal } from "~/domain/quality-signals.server";
import { hashPassword } from "~/domain/passwords.server";
import { buildRules, type AdminAnswers } from "~/domain/screener-rules";
import { saveScreenerRules } from "~/domain/screeners.server";
import { startMemberSession } from "~/domain/sessions.server";
import { getPrisma } from "~/lib/db.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire } from "~/questionnaire/storage.server";
import { audienceFixture, createAudienceFixture } from "./audience-fixture";
import { createFieldReportFixture, fieldReportFixture } from "./field-report-fixture";
import { createSurveyAssignmentFixture, surveyAssignmentFixture } from "./survey-assignment-fixture";
import { createSurveyCloseFixture, surveyCloseFixture } from "./survey-close-fixture";
import { createSurveyResultsFixture, surveyResultsFixture } from "./survey-results-fixture";

// End-to-end tests cannot open the server's embedded database from their own process (PGlite is
// single-process), so they create what a test needs by posting JSON to /dev/fixtures. The end-to-end
// harness (tests/support/harness/server.ts) mounts this beside the production build; the app's own
// build never contains it. See docs/decisions/031-start-modes.md.
const memberFixture = z.object({
  email: z.string().email(),
  password: z.string().min(1).optional(),
  firstName: z.string().default("Test"),
  lastName: z.string().default("Member"),
  verified: z.boolean().default(true),
  details: z.boolean().default(true),
  /** Country of the details; tests that add country-specific content use a country of their own. */
  country: z.string().length(2).default("IN"),
  /** The phone as stored (digits, optionally a leading +), for the Users Records phone search. */
  mobile: z.string().optional(),
  signIn: z.boolean().default(false),
  persistent: z.boolean().default(false),
  /** Agreed to the current terms (as at registration); false: a member from before agreements were recorded. */
  termsAgreed: z.boolean().default(true),
  /** A starting balance, credited through the ledger as an admin adjustment. */
  points: z.number().int().min(0).default(0),
  /** Payout accounts stored as the account page stores them (fields of PaymentAccount). */
  paymentAccounts: z
    .array(
      z.object({
        method: z.enum(["paypal", "upi", "bank"]),
        holderName: z.string().min(1),
        paypalEmail: z.string().optional(),
        upiId: z.string().optional(),
        bankName: z.string().optional(),
        bankAccountNumber: z.string().optional(),
        bankIfsc: z.string().optional(),
        /** Hours until it can receive withdrawals (cooling-off); 0, the default, makes it usable at once. */
        usableInHours: z.number().min(0).default(0),
      }),
    )
    .default([]),
  /** Open quality signals raised through raiseSignal (appeals, decision 073): e.g. ["speeder"]. */
  qualitySignals: z.array(z.enum(["speeder", "attention_check", "straight_answers"])).default([]),
});

// A resource route answers with a plain Response: single fetch drops the headers of data() here,
// and the Set-Cookie header is the point.

// Signs an existing member in on another browser context (two devices of one member).
const sessionFixture = z.object({ signInAs: z.string().email(), persistent: z.boolean().default(false) });

// An admin of a test's own, so that logging out everywhere never signs out another test.
const adminFixture = z.object({
  admin: z.object({
    email: z.string().email(),
    password: z.string().min(1),
    name: z.string().default("Test Admin"),
    // Money controls (decision 038): only a super-admin sees survey secrets or sets points above the cap.
    superAdmin: z.boolean().default(false),
  }),
});

// An audit entry recorded as if the admin (by e-mail) had acted, through recordAudit, for the audit
// log's tests: what an entry says does not depend on how it was made.
const auditEntryFixture = z.object({
  auditEntry: z.object({
    adminEmail: z.string().email(),
    action: z.custom<AuditAction>((value) => typeof value === "string"),
    targetType: z.string().min(1),
    targetId: z.string().min(1),
    details: z.record(z.string(), z.any()).default({}),
  }),
});

// A questionnaire made without the builder: a screener (with its Screener row) or the
// questionnaire of a hosted survey, for tests of the pages that use one.
const questionnaireFixture = z.object({
  questionnaire: z.object({
    kind: z.enum(["screener", "hosted_survey"]),
    definition: z.custom<QuestionnaireDefinition>((value) => typeof value === "object" && value !== null),
  }),
});

// A launched survey assigned to one member, for the member's survey pages: optionally with a
// screener and its rules (the admin's answers, as on ScreenerValidation), and optionally already
// ended (status 3 to 6; a completion credits its points as the survey delivery does).
const surveyFixture = z.object({
  survey: z.object({
    name: z.string().min(1),
    assignTo: z.string().email(),
    points: z.number().int().min(0).default(50),
    minutes: z.number().int().min(1).default(10),
    categoryId: z.number().int().default(30),
    launched: z.boolean().default(true),
    status: z.number().int().min(1).max(7).default(ASSIGNMENT_STATUS.assigned),
    /** How an ended assignment ended, e.g. "quality" for a quality termination (status 6). */
    outcome: z.enum(["complete", "terminate", "over_quota", "quality", "security"]).optional(),
    /** Points credited for the member's time, as a screen-out's compensation (decision 063). */
    compensation: z.number().int().min(1).optional(),
    /** With status 3: the completion's points taken back again with this reason, as an admin's reversal does. */
    reversedFor: z.string().min(1).optional(),
    screener: z
      .object({
        definition: z.custom<QuestionnaireDefinition>((value) => typeof value === "object" && value !== null),
        rules: z.custom<AdminAnswers>((value) => typeof value === "object" && value !== null).default({}),
      })
      .optional(),
  }),
});

async function createSurveyFixture(fixture: z.infer<typeof surveyFixture>["survey"]) {
  const prisma = getPrisma();
  const member = await prisma.member.findUniqueOrThrow({ where: { email: fixture.assignTo.toLowerCase() } });
  const token = randomBytes(12).toString("hex");
  let screenerId: number | null = null;
  if (fixture.screener) {
    const { definition, rules } = fixture.screener;
    screenerId = await prisma.$transaction(async (tx) => {
      const questionnaireId = await createQuestionnaire(tx, { kind: "screener", definition });
      return (await tx.screener.create({ data: { questionnaireId } })).id;
    });
    // Rules are stored as the rules page stores them, by an admin of the fixture's own.
    const admin = await prisma.admin.create({
      data: { email: `fixture-${token}@example.com`, name: "Fixture Admin", passwordHash: await hashPassword(token) },
    });
    const saved = await saveScreenerRules(admin, screenerId, buildRules(definition, rules));
    if (!saved.ok) throw new Error(`Screener rules not saved: ${saved.reason}`);
  }
  const ended =
    fixture.status !== ASSIGNMENT_STATUS.assigned &&
    fixture.status !== ASSIGNMENT_STATUS.started &&
    fixture.status !== ASSIGNMENT_STATUS.paused;
  return prisma.$transaction(async (tx) => {
    const survey = await tx.survey.create({
      data: {
        name: fixture.name,
        slug: `fixture-${token}`,
        descriptionHtml: `<p>About ${fixture.name}.</p>`,
        categoryId: fixture.categoryId,
        points: fixture.points,
        lengthMinutes: fixture.minutes,
        launched: fixture.launched,
        delivery: "external",
        externalUrl: "https://vendor.example.com/s?rid={token}",
        returnSecret: randomBytes(32).toString("hex"),
        screenerId,
      },
    });
    const assignment = await tx.assignment.create({
      data: {
        surveyId: survey.id,
        memberId: member.id,
        points: fixture.points,
        status: fixture.status,
        outcome: fixture.outcome ?? null,
        respondentToken: token,
        endedAt: ended ? new Date() : null,
      },
    });
    if (fixture.status === ASSIGNMENT_STATUS.complete && fixture.points > 0) {
      await creditPoints(tx, {
        memberId: member.id,
        points: fixture.points,
        type: "survey_completion",
        source: `assignment:${assignment.id}:complete`,
        remark: `Survey ${survey.id}`,
        assignmentId: assignment.id,
      });
      if (fixture.reversedFor) {
        await reverseEntry(tx, {
          source: `assignment:${assignment.id}:complete`,
          remark: `Reward for "${survey.name}" taken back: ${fixture.reversedFor}`,
        });
      }
    }
    if (fixture.compensation) {
      await creditPoints(tx, {
        memberId: member.id,
        points: fixture.compensation,
        type: "screenout_compensation",
        source: `assignment:${assignment.id}:compensation`,
        remark: `Thank you for your time: you did not qualify for "${survey.name}"`,
        assignmentId: assignment.id,
      });
    }
    return { surveyId: survey.id, assignmentId: assignment.id, screenerId, respondentToken: token };
  });
}

// Assignment tests: a launched external survey fielded in a test's own country, and a profile
// survey set offered only in that country (members answer it through their own pages).
const assignmentFixture = z.object({
  assignment: z.object({
    country: z.string().length(2),
    surveyName: z.string().min(1),
    profileSet: z.custom<QuestionnaireDefinition>((value) => typeof value === "object" && value !== null),
    /** The set's reward (none unless given): answer drafts (decision 075) check it is paid once. */
    profileSetPoints: z.number().int().min(0).max(10_000).optional(),
  }),
});

// My data (decision 068): a launched survey assigned by an admin to each of these members, as the
// assign page does, so that each assignment queues its invitation for the app's mail worker.
const invitedSurveyFixture = z.object({
  invitedSurvey: z.object({ name: z.string().min(1), assignTo: z.array(z.string().email()).min(1) }),
});

async function createInvitedSurveyFixture({ name, assignTo }: z.infer<typeof invitedSurveyFixture>["invitedSurvey"]) {
  const prisma = getPrisma();
  const token = randomBytes(12).toString("hex");
  const admin = await prisma.admin.create({
    data: { email: `fixture-${token}@example.com`, name: "Fixture Admin", passwordHash: await hashPassword(token) },
  });
  const survey = await prisma.survey.create({
    data: {
      name,
      slug: `fixture-${token}`,
      categoryId: 30,
      points: 20,
      lengthMinutes: 5,
      launched: true,
      delivery: "external",
      externalUrl: "https://vendor.example.com/s?rid={token}",
      returnSecret: randomBytes(32).toString("hex"),
    },
  });
  for (const email of assignTo) {
    const member = await prisma.member.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
    const assigned = await assignSurvey(admin, survey, { memberId: member.id, screenerId: null, points: 20 });
    if (!assigned.ok) throw new Error(`Not assigned to ${email}`);
  }
  return { surveyId: survey.id };
}

export async function createFixture(request: Request): Promise<Response> {
  const body: unknown = await request.json();
  const invitedSurvey = invitedSurveyFixture.safeParse(body);
  if (invitedSurvey.success) return Response.json(await createInvitedSurveyFixture(invitedSurvey.data.invitedSurvey));
  const surveyAssignment = surveyAssignmentFixture.safeParse(body);
  if (surveyAssignment.success) {
    return Response.json(await createSurveyAssignmentFixture(surveyAssignment.data.surveyAssignment));
  }
  const surveyResults = surveyResultsFixture.safeParse(body);
  if (surveyResults.success) return Response.json(await createSurveyResultsFixture(surveyResults.data.surveyResults));
  const surveyClose = surveyCloseFixture.safeParse(body);
  if (surveyClose.success) return Response.json(await createSurveyCloseFixture(surveyClose.data.surveyClose));
  const fieldReport = fieldReportFixture.safeParse(body);
  if (fieldReport.success) return Response.json(await createFieldReportFixture(fieldReport.data.fieldReport));
  const audience = audienceFixture.safeParse(body);
  if (audience.success) return Response.json(await createAudienceFixture(audience.data.audience));
  const assignment = assignmentFixture.safeParse(body);
  if (assignment.success) {
    const { country, surveyName, profileSet, profileSetPoints = 0 } = assignment.data.assignment;
    const created = await getPrisma().$transaction(async (tx) => {
      const questionnaireId = await createQuestionnaire(tx, { kind: "profile", definition: profileSet });
      const set = await tx.profileSurvey.create({
        data: { questionnaireId, points: profileSetPoints, minutes: 1, country },
      });
      const survey = await tx.survey.create({
        data: {
          name: surveyName,
          slug: `fixture-${randomBytes(6).toString("hex")}`,
          categoryId: 30,
          points: 20,
          lengthMinutes: 5,
          launched: true,
          delivery: "external",
          externalUrl: "https://vendor.example/s?rid={token}",
          returnSecret: randomBytes(32).toString("hex"),
          country,
        },
      });
      return { profileSurveyId: set.id, surveyId: survey.id };
    });
    return Response.json(created);
  }
  const survey = surveyFixture.safeParse(body);
  if (survey.success) return Response.json(await createSurveyFixture(survey.data.survey));
  const questionnaire = questionnaireFixture.safeParse(body);
  if (questionnaire.success) {
    const { kind, definition } = questionnaire.data.questionnaire;
    const created = await getPrisma().$transaction(async (tx) => {
      const questionnaireId = await createQuestionnaire(tx, { kind, definition });
      const screener = kind === "screener" ? await tx.screener.create({ data: { questionnaireId } }) : null;
      return { questionnaireId, screenerId: screener?.id ?? null };
    });
    return Response.json(created);
  }
  const auditEntry = auditEntryFixture.safeParse(body);
  if (auditEntry.success) {
    const { adminEmail, ...entry } = auditEntry.data.auditEntry;
    const admin = await getPrisma().admin.findUniqueOrThrow({ where: { email: adminEmail.toLowerCase() } });
    await getPrisma().$transaction((tx) => recordAudit(tx, { admin, ...entry }));
    return Response.json({ ok: true });
  }
  const admin = adminFixture.safeParse(body);
  if (admin.success) {
    const { email, password, name, superAdmin } = admin.data.admin;
    const created = await getPrisma().admin.create({
      data: { email: email.toLowerCase(), name, passwordHash: await hashPassword(password), isSuperAdmin: superAdmin },
    });
    return Response.json({ id: created.id, email: created.email });
  }
  const session = sessionFixture.safeParse(body);
  if (session.success) {
    const member = await getPrisma().member.findUniqueOrThrow({
      where: { email: session.data.signInAs.toLowerCase() },
    });
    const cookie = await startMemberSession(member.id, { persistent: session.data.persistent, request });
    return Response.json({ id: member.id, email: member.email }, { headers: { "Set-Cookie": cookie } });
  }
  const fixture = memberFixture.parse(body);
  const member = await getPrisma().$transaction(async (tx) => {
    const created = await tx.member.create({
      data: {
        email: fixture.email.toLowerCase(),
        firstName: fixture.firstName,
        lastName: fixture.lastName,
        passwordHash: fixture.password ? await hashPassword(fixture.password) : null,
        emailVerifiedAt: fixture.verified ? new Date() : null,
        mobile: fixture.mobile ?? null,
        ...(fixture.termsAgreed ? { termsAgreedVersion: TERMS_VERSION, termsAgreedAt: new Date() } : {}),
        ...(fixture.details
          ? {
              country: fixture.country,
              state: "Karnataka",
              city: "Bengaluru",
              pin: "560001",
              dob: new Date("1990-04-15"),
              gender: "female" as const,
            }
          : {}),
      },
    });
    if (fixture.points > 0) {
      await creditPoints(tx, {
        memberId: created.id,
        points: fixture.points,
        type: "admin_adjustment",
        source: `fixture:member:${created.id}`,
        remark: "Starting balance",
      });
    }
    for (const { usableInHours, ...account } of fixture.paymentAccounts) {
      const usableAt = new Date(Date.now() + usableInHours * 60 * 60 * 1000);
      await tx.paymentAccount.create({ data: { ...account, memberId: created.id, usableAt } });
    }
    for (const [index, kind] of fixture.qualitySignals.entries()) {
      await raiseSignal(tx, { memberId: created.id, kind, subject: `fixture:${index}`, evidence: {} });
    }
    return created;
  });
  const headers = new Headers();
  if (fixture.signIn) {
    headers.set("Set-Cookie", await startMemberSession(member.id, { persistent: fixture.persistent, request }));
  }
  return Response.json({ id: member.id, email: member.email }, { headers });
}
