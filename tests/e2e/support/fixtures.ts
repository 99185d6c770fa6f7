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
  signIn?: boolean;
  persistent?: boolean;
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

/** An admin of this test's own (name "Test Admin"), to sign in through /admin. */
export async function createAdmin(context: BrowserContext, testInfo: TestInfo, password = "Admin#Fixture-42") {
  const email = uniqueEmail(testInfo, "admin");
  const response = await context.request.post("/dev/fixtures", { data: { admin: { email, password } } });
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
    pages: { title: string; questions: { key: string; label: string; type: string; required: boolean; options: { value: string; label: string; exclusive?: boolean }[] }[] }[];
  },
) {
  const response = await context.request.post("/dev/fixtures", { data: { questionnaire: { kind, definition } } });
  if (!response.ok()) throw new Error(`Questionnaire fixture failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { questionnaireId: number; screenerId: number | null };
}
