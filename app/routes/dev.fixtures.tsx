import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { hashPassword } from "~/domain/passwords.server";
import { startMemberSession } from "~/domain/sessions.server";
import { getPrisma } from "~/lib/db.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { createQuestionnaire } from "~/questionnaire/storage.server";

// End-to-end tests cannot open the server's embedded database from their own process (PGlite is
// single-process), so they create what a test needs through this endpoint. It exists only when
// the test server is started with E2E_FIXTURES=1 (playwright.config.ts); otherwise it is a 404.
const memberFixture = z.object({
  email: z.string().email(),
  password: z.string().min(1).optional(),
  firstName: z.string().default("Test"),
  lastName: z.string().default("Member"),
  verified: z.boolean().default(true),
  details: z.boolean().default(true),
  /** Country of the details; tests that add country-specific content use a country of their own. */
  country: z.string().length(2).default("IN"),
  signIn: z.boolean().default(false),
  persistent: z.boolean().default(false),
});

// A resource route answers with a plain Response: single fetch drops the headers of data() here,
// and the Set-Cookie header is the point.

// Signs an existing member in on another browser context (two devices of one member).
const sessionFixture = z.object({ signInAs: z.string().email(), persistent: z.boolean().default(false) });

// An admin of a test's own, so that logging out everywhere never signs out another test.
const adminFixture = z.object({
  admin: z.object({ email: z.string().email(), password: z.string().min(1), name: z.string().default("Test Admin") }),
});

// A questionnaire made without the builder: a screener (with its Screener row) or the
// questionnaire of a hosted survey, for tests of the pages that use one.
const questionnaireFixture = z.object({
  questionnaire: z.object({
    kind: z.enum(["screener", "hosted_survey"]),
    definition: z.custom<QuestionnaireDefinition>((value) => typeof value === "object" && value !== null),
  }),
});

export async function action({ request }: ActionFunctionArgs) {
  if (process.env.E2E_FIXTURES !== "1") throw new Response("Not Found", { status: 404 });
  const body: unknown = await request.json();
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
  const admin = adminFixture.safeParse(body);
  if (admin.success) {
    const { email, password, name } = admin.data.admin;
    const created = await getPrisma().admin.create({
      data: { email: email.toLowerCase(), name, passwordHash: await hashPassword(password) },
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
  const member = await getPrisma().member.create({
    data: {
      email: fixture.email.toLowerCase(),
      firstName: fixture.firstName,
      lastName: fixture.lastName,
      passwordHash: fixture.password ? await hashPassword(fixture.password) : null,
      emailVerifiedAt: fixture.verified ? new Date() : null,
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
  const headers = new Headers();
  if (fixture.signIn) {
    headers.set("Set-Cookie", await startMemberSession(member.id, { persistent: fixture.persistent, request }));
  }
  return Response.json({ id: member.id, email: member.email }, { headers });
}

export function loader() {
  throw new Response("Not Found", { status: 404 });
}
