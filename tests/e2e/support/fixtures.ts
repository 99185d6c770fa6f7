import type { BrowserContext, TestInfo } from "@playwright/test";

// Test data made through the server's fixture endpoint (app/routes/dev.fixtures.tsx). A context's
// request shares the browser context's cookies, so `signIn: true` signs that browser in.

export interface MemberFixture {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  verified?: boolean;
  details?: boolean;
  /** ISO code of the details' country (IN unless given). */
  country?: string;
  /** The phone as stored (digits, optionally a leading +). */
  mobile?: string;
  signIn?: boolean;
  persistent?: boolean;
  /** Agreed to the current terms (the default); false: a member from before agreements were recorded. */
  termsAgreed?: boolean;
  /** A starting balance, credited through the ledger. */
  points?: number;
  /** Payout accounts, stored directly (fields of PaymentAccount). */
  paymentAccounts?: {
    method: "paypal" | "upi" | "bank";
    holderName: string;
    paypalEmail?: string;
    upiId?: string;
    bankName?: string;
    bankAccountNumber?: string;
    bankIfsc?: string;
    /** Hours until it can receive withdrawals (cooling-off); usable at once when left out. */
    usableInHours?: number;
  }[];
  /** Open quality signals of these kinds (a speeder's withdrawals are held, decision 072). */
  qualitySignals?: ("speeder" | "attention_check" | "straight_answers")[];
}

/** An address no other test (or project, or retry) uses. */
export function uniqueEmail(testInfo: TestInfo, label = "member"): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${label}-${testInfo.project.name}-${Date.now()}-${random}@example.com`;
}

export async function createMember(context: BrowserContext, testInfo: TestInfo, fixture: MemberFixture = {}) {
  const email = fixture.email ?? uniqueEmail(testInfo);
  const response = await context.request.post("/dev/fixtures", { data: { ...fixture, email } });
  if (!response.ok()) throw new Error(`Fixture failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: number; email: string };
}

/** Signs an existing member in on this browser context: a second device of the same member. */
export async function signInAs(context: BrowserContext, email: string, { persistent = false } = {}) {
  const response = await context.request.post("/dev/fixtures", { data: { signInAs: email, persistent } });
  if (!response.ok()) throw new Error(`Sign-in fixture failed: ${response.status()} ${await response.text()}`);
}

/** An admin of this test's own (name "Test Admin"), to sign in through /admin; a super-admin if asked. */
export async function createAdmin(
  context: BrowserContext,
  testInfo: TestInfo,
  password = "Admin#Fixture-42",
  { superAdmin = false }: { superAdmin?: boolean } = {},
) {
  const email = uniqueEmail(testInfo, "admin");
  const response = await context.request.post("/dev/fixtures", { data: { admin: { email, password, superAdmin } } });
  if (!response.ok()) throw new Error(`Admin fixture failed: ${response.status()} ${await response.text()}`);
  return { email, password, name: "Test Admin" };
}

/** A screener (kind "screener", with its Screener row) or a hosted survey's questionnaire, made without the builder. */
export async function createQuestionnaire(
  context: BrowserContext,
  kind: "screener" | "hosted_survey",
  definition: {
    title: string;
    description: string;
    pages: {
      title: string;
      questions: {
        key: string;
        label: string;
        type: string;
        required: boolean;
        options: { value: string; label: string; exclusive?: boolean }[];
      }[];
    }[];
  },
) {
  const response = await context.request.post("/dev/fixtures", { data: { questionnaire: { kind, definition } } });
  if (!response.ok()) throw new Error(`Questionnaire fixture failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { questionnaireId: number; screenerId: number | null };
}

export interface SurveyFixture {
  name: string;
  /** Email of the member the survey is assigned to. */
  assignTo: string;
  points?: number;
  minutes?: number;
  categoryId?: number;
  launched?: boolean;
  /** The assignment's status code (1 Assigned unless given); 3 to 6 end it, 3 credits the points. */
  status?: number;
  /** How an ended assignment ended: "quality" with status 6 is a quality termination (appealable). */
  outcome?: "complete" | "terminate" | "over_quota" | "quality" | "security";
  /** Points credited for the member's time, as a screen-out's compensation (decision 063). */
  compensation?: number;
  /** With status 3: the completion's points taken back again, with this reason (an admin's reversal). */
  reversedFor?: string;
  /** A screener and its rules: the admin's answers by question key, as on the rules page. */
  screener?: {
    definition: Parameters<typeof createQuestionnaire>[2];
    rules?: Record<string, string | string[] | boolean | { min: number | null; max: number | null }>;
  };
}

/** A launched survey assigned to a member, optionally with a screener or already ended. */
export async function createAssignedSurvey(context: BrowserContext, survey: SurveyFixture) {
  const response = await context.request.post("/dev/fixtures", { data: { survey } });
  if (!response.ok()) throw new Error(`Survey fixture failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as {
    surveyId: number;
    assignmentId: number;
    screenerId: number | null;
    respondentToken: string;
  };
}

/** A launched external survey fielded in `country`, and a profile survey set offered only there. */
export async function createAssignmentFixture(
  context: BrowserContext,
  fixture: {
    country: string;
    surveyName: string;
    profileSet: Parameters<typeof createQuestionnaire>[2];
    profileSetPoints?: number;
  },
) {
  const response = await context.request.post("/dev/fixtures", { data: { assignment: fixture } });
  if (!response.ok()) throw new Error(`Assignment fixture failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { profileSurveyId: number; surveyId: number };
}

export interface SurveyAssignmentFixture {
  memberEmail: string;
  name?: string;
  delivery: "hosted" | "external";
  /** The hosted survey's questionnaire (required for hosted delivery). */
  definition?: Parameters<typeof createQuestionnaire>[2];
  /** Instead of a definition: a hosted survey's questionnaire made with the builder. */
  questionnaireId?: number;
  points?: number;
  /** The vendor's URL with {token}. */
  externalUrl?: string;
  quota?: number;
  /** The survey requires the vendor's server callback (decision 060). */
  requireCallback?: boolean;
  /** Points for a screen-out or over quota inside the survey (decision 063). */
  screenOutPoints?: number;
  /** Earlier completes by other members, each `seconds` long (the speeder rule's median, decision 071). */
  earlierCompletes?: { count: number; seconds: number };
}

/** A launched survey with an Assigned assignment for the member, and what its vendor would know. */
export async function createSurveyAssignment(context: BrowserContext, fixture: SurveyAssignmentFixture) {
  const response = await context.request.post("/dev/fixtures", { data: { surveyAssignment: fixture } });
  if (!response.ok())
    throw new Error(`Survey assignment fixture failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as {
    surveyId: number;
    slug: string;
    assignmentId: number;
    respondentToken: string;
    returnSecret: string;
  };
}

/**
 * An audience's members and survey (decision 049): `members` verified members of `country` made in
 * one statement, and a launched hosted survey fielded there; `matching` is how many members of the
 * country an audience of everyone matches now.
 */
export async function createAudienceFixture(
  context: BrowserContext,
  fixture: {
    country: string;
    members: number;
    surveyName: string;
    points?: number;
    definition: Parameters<typeof createQuestionnaire>[2];
  },
) {
  const response = await context.request.post("/dev/fixtures", { data: { audience: fixture } });
  if (!response.ok()) throw new Error(`Audience fixture failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { surveyId: number; slug: string; matching: number };
}

/** An audit entry recorded as if this admin (by e-mail) had acted. */
export async function createAuditEntry(
  context: BrowserContext,
  entry: {
    adminEmail: string;
    action: string;
    targetType: string;
    targetId: string;
    details?: Record<string, unknown>;
  },
) {
  const response = await context.request.post("/dev/fixtures", { data: { auditEntry: entry } });
  if (!response.ok()) throw new Error(`Audit entry fixture failed: ${response.status()} ${await response.text()}`);
}
