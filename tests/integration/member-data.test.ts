import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import {
  MEMBER_COLUMNS_EXCLUDED,
  MEMBER_DATA_EXCLUDED,
  MEMBER_DATA_TABLES,
  memberDataJson,
  type MemberDataTable,
} from "~/domain/member-data.server";
import { recordAudit } from "~/domain/audit.server";
import { getPrisma } from "~/lib/db.server";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { createQuestionnaire, saveResponse } from "~/questionnaire/storage.server";
import { loader as csvLoader } from "~/routes/_member.details.data.csv.$table";
import { loader as jsonLoader } from "~/routes/_member.details.data[.]json";
import { loader as pageLoader } from "~/routes/_member.details.data._index";
import { createTestAdmin, createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { checkbox, option, page, questionnaire, text } from "../support/questionnaires";
import { expectRedirect } from "../support/remix";
import { getRequest, memberCookie, routeArgs, toastOf } from "../support/requests";

// My data (decision 068): the download holds every table that refers to the member, read from
// prisma/schema.prisma so that a new relation of Member fails here until the download covers it or
// MEMBER_DATA_EXCLUDED says why not; nothing of another member; no secret; limited per member.

/** The relation fields of model Member, as the schema declares them (a field whose type is a model). */
function memberRelations(): string[] {
  const schema = readFileSync(path.resolve("prisma/schema.prisma"), "utf8");
  const models = new Set([...schema.matchAll(/^model\s+(\w+)\s*\{/gm)].map((match) => match[1]));
  const body = /^model Member \{([\s\S]*?)^\}/m.exec(schema)?.[1] ?? "";
  return body
    .split("\n")
    .map((line) => /^\s*(\w+)\s+(\w+)(\[\])?\??/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && models.has(match[2]))
    .map((match) => match[1]);
}

const PASSWORD_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$secret-hash-of-the-test";

/** A member with a row in every table that refers to members, each marked with `tag`. */
async function memberWithEverything(tag: string) {
  const db = getPrisma();
  const member = await createTestMember({ firstName: `First-${tag}`, passwordHash: PASSWORD_HASH });
  const cookie = await memberCookie(member.id);
  const tokenHash = createHash("sha256").update(`token-${tag}`).digest("hex");
  await db.authToken.create({
    data: { purpose: "password_reset", tokenHash, memberId: member.id, expiresAt: new Date(Date.now() + 3_600_000) },
  });
  await db.oAuthConnection.create({
    data: { provider: "google", providerUserId: `google-${tag}`, memberId: member.id },
  });
  // A browser the device cookie saw (decision 070): only its keyed hash is stored, never downloaded.
  await db.memberDevice.create({ data: { memberId: member.id, deviceHash: `device-hash-${tag}` } });
  await db.appeal.create({
    data: {
      memberId: member.id,
      kind: "hold",
      eventKey: `hold:appeal-${tag}`,
      subjectId: 1,
      message: `appeal-${tag}`,
    },
  });
  const questionnaireId = await db.$transaction((tx) =>
    createQuestionnaire(tx, {
      kind: "profile",
      definition: questionnaire(`Lifestyle ${tag}`, [
        page("Lifestyle", [
          checkbox("pets", "Which pets?", [option("Dog"), option("Cat")]),
          text("motto", "Your motto"),
        ]),
      ]),
    }),
  );
  await db.$transaction((tx) =>
    saveResponse(tx, { questionnaireId, memberId: member.id, answers: { pets: ["Dog"], motto: `motto-${tag}` } }),
  );
  const survey = await createTestSurvey({ name: `Survey ${tag}` });
  const assignment = await createTestAssignment(survey.id, member.id, { respondentToken: `respondent-${tag}` });
  // The saved pages of a questionnaire not submitted yet (decision 075).
  await db.answerDraft.create({
    data: {
      memberId: member.id,
      questionnaireId,
      assignmentId: assignment.id,
      answers: { motto: `draft-${tag}` },
      pagesSaved: 1,
    },
  });
  await db.pointsTransaction.create({
    data: {
      referenceId: `REF-${tag}`,
      memberId: member.id,
      change: 50,
      remark: `Completed ${tag}`,
      status: "completed",
      type: "survey_completion",
      source: `assignment:${assignment.id}:complete`,
      assignmentId: assignment.id,
    },
  });
  const account = await db.paymentAccount.create({
    data: { memberId: member.id, method: "upi", holderName: `Holder ${tag}`, upiId: `upi-${tag}@bank` },
  });
  await db.withdrawalRequest.create({
    data: {
      referenceId: `WD-${tag}`,
      memberId: member.id,
      points: 10,
      amountMinor: 100,
      method: "upi",
      paymentAccountId: account.id,
      payoutSnapshot: { upiId: `upi-${tag}@bank`, holderName: `Holder ${tag}` },
    },
  });
  const audienceSurvey = await createTestSurvey({ name: `Audience ${tag}` });
  await db.audienceInvitation.create({ data: { surveyId: audienceSurvey.id, memberId: member.id } });
  await db.memberInvitationMail.create({ data: { memberId: member.id, lastQueuedAt: new Date() } });
  await db.memberAudienceCheck.upsert({
    where: { memberId: member.id },
    create: { memberId: member.id },
    update: {},
  });
  await db.queuedMail.create({
    data: { to: member.email, subject: `Mail for ${tag}`, text: `Hello ${tag}`, html: `<p>Hello ${tag}</p>` },
  });
  const admin = await createTestAdmin({ email: `admin-${tag.toLowerCase()}@panel.test` });
  await recordAudit(db, {
    admin,
    action: "member.suspended",
    targetType: "member",
    targetId: member.id,
    details: { reason: `reason-${tag}` },
  });
  const sessions = await db.memberSession.findMany({ where: { memberId: member.id }, select: { id: true } });
  return { member, cookie, tokenHash, sessionIds: sessions.map((session) => session.id), admin };
}

/** What identifies a member's rows: none of it may appear in another member's download. */
function marks(tag: string, member: { email: string; id: number }) {
  return [
    member.email,
    `First-${tag}`,
    `google-${tag}`,
    `motto-${tag}`,
    `respondent-${tag}`,
    `REF-${tag}`,
    `WD-${tag}`,
    `upi-${tag}@bank`,
    `Holder ${tag}`,
    `Survey ${tag}`,
    `Audience ${tag}`,
    `Mail for ${tag}`,
    `reason-${tag}`,
  ];
}

async function jsonText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toMatch(
    /^attachment; filename="my-data-\d+-\d{4}-\d\d-\d\d\.json"$/,
  );
  return response.text();
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }
  return [];
}

describe("what the download holds", () => {
  test("every relation of Member in the schema is a table of the download or excluded with a reason", () => {
    const relations = memberRelations();
    // The parser found the relations we know of (it reads the schema, not a copy of this list).
    expect(relations).toEqual(expect.arrayContaining(["sessions", "assignments", "pointsLedger", "withdrawals"]));
    const covered = new Set(MEMBER_DATA_TABLES.flatMap((table) => table.covers));
    const missing = relations.filter((relation) => !covered.has(relation) && !(relation in MEMBER_DATA_EXCLUDED));
    expect(missing, "relations of Member neither in the download nor excluded with a reason").toEqual([]);
    // Each exclusion says why, and names a relation Member has (a stale exclusion hides nothing).
    for (const [relation, reason] of Object.entries(MEMBER_DATA_EXCLUDED)) {
      expect(reason.trim().length).toBeGreaterThan(20);
      expect(relations).toContain(relation);
    }
    // A table never claims a relation Member does not have.
    for (const relation of covered) expect(relations).toContain(relation);
  });

  test("the JSON has a row in every table for a member with data everywhere, and nothing of another member", async () => {
    const asha = await memberWithEverything("Asha");
    const ravi = await memberWithEverything("Ravi");
    // Mail to the same address before this account existed was an erased member's.
    await getPrisma().queuedMail.create({
      data: {
        to: asha.member.email,
        subject: "Mail of the erased member",
        text: "old",
        html: "<p>old</p>",
        createdAt: new Date(asha.member.createdAt.getTime() - 86_400_000),
      },
    });

    const text = await jsonText(await jsonLoader(routeArgs(getRequest("/details/data.json", asha.cookie))));
    const download = JSON.parse(text) as { data: Record<string, Record<string, unknown>[]> };
    expect(Object.keys(download.data)).toEqual(MEMBER_DATA_TABLES.map((table) => table.name));
    for (const table of MEMBER_DATA_TABLES) {
      expect(download.data[table.name].length, `rows of ${table.name}`).toBeGreaterThan(0);
    }
    for (const mark of marks("Asha", asha.member)) expect(text).toContain(mark);
    for (const mark of marks("Ravi", ravi.member)) expect(text).not.toContain(mark);
    expect(text).not.toContain("Mail of the erased member");

    const [details] = download.data.details;
    expect(details).toMatchObject({
      id: asha.member.id,
      email: asha.member.email,
      hasPassword: true,
      invitationMails: true,
    });
    for (const column of Object.keys(MEMBER_COLUMNS_EXCLUDED)) expect(details).not.toHaveProperty(column);
    // No member id but the member's own, and no key that names one.
    expect(keysOf(download.data).filter((key) => /memberId/i.test(key))).toEqual([]);
    expect(download.data["survey-assignments"][0]).toMatchObject({
      respondentToken: "respondent-Asha",
      status: "Assigned",
    });
    expect(download.data.answers.map((answer) => answer.optionValue ?? answer.text).sort()).toEqual([
      "Dog",
      "motto-Asha",
    ]);
    expect(download.data["admin-actions"][0].what).toMatch(/^an administrator /);
  });

  test("secrets are given as their existence and dates, never their values", async () => {
    const asha = await memberWithEverything("Asha");
    const text = await jsonText(await jsonLoader(routeArgs(getRequest("/details/data.json", asha.cookie))));
    expect(text).not.toContain(PASSWORD_HASH);
    expect(text).not.toContain("passwordHash");
    expect(text).not.toContain(asha.tokenHash);
    expect(text).not.toContain("device-hash-Asha");
    expect(asha.sessionIds.length).toBeGreaterThan(0);
    for (const id of asha.sessionIds) expect(text).not.toContain(id);
    // The admin who acted is not named.
    expect(text).not.toContain(asha.admin.email);
    const download = JSON.parse(text) as { data: Record<string, Record<string, unknown>[]> };
    expect(download.data.sessions).toEqual([expect.objectContaining({ thisDevice: true, persistent: false })]);
    expect(download.data["links-and-codes"]).toEqual([
      expect.objectContaining({ purpose: "password_reset", usedAt: null, expiresAt: expect.any(String) }),
    ]);
  });

  test("a member with thousands of rows gets them all, read a page at a time", async () => {
    const member = await createTestMember();
    const survey = await createTestSurvey();
    await getPrisma().$executeRaw`
      INSERT INTO "Assignment" ("surveyId", "memberId", "status", "points", "respondentToken", "createdAt", "updatedAt")
      SELECT ${survey.id}::int, ${member.id}::int, 3, 5, 'bulk-' || g, now(), now() FROM generate_series(1, 2500) g`;
    const chunks: string[] = [];
    for await (const chunk of memberDataJson({ id: member.id, email: member.email }, { pageSize: 1000 })) {
      chunks.push(chunk);
    }
    const download = JSON.parse(chunks.join("")) as { data: Record<string, { respondentToken?: string }[]> };
    const tokens = download.data["survey-assignments"].map((row) => row.respondentToken);
    expect(tokens).toHaveLength(2500);
    expect(new Set(tokens).size).toBe(2500);
    // Three pages of assignments, each its own chunk: never the whole table in one piece.
    expect(chunks.filter((chunk) => chunk.includes("bulk-")).length).toBe(3);
  });
});

describe("the CSV downloads and the page", () => {
  test("the page lists every table, and each CSV holds the member's rows under its header", async () => {
    const asha = await memberWithEverything("Asha");
    await memberWithEverything("Ravi");
    const page = await pageLoader(routeArgs(getRequest("/details/data", asha.cookie)));
    expect(page.tables.map((table) => table.name)).toEqual(MEMBER_DATA_TABLES.map((table) => table.name));

    for (const table of MEMBER_DATA_TABLES) {
      const response = await csvLoader(
        routeArgs(getRequest(`/details/data/csv/${table.name}`, asha.cookie), { table: table.name }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toContain(`-${table.name}.csv"`);
      const text = await response.text();
      for (const mark of marks("Ravi", { email: "nobody", id: 0 })) expect(text).not.toContain(mark);
      const rows = parseCsv(text.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
      expect(rows.length, table.name).toBeGreaterThan(0);
      if (table.columns.length > 0) expect(Object.keys(rows[0])).toEqual([...table.columns]);
    }
    const assignments = await csvText(asha.cookie, tableNamed("survey-assignments"));
    expect(assignments).toContain("respondent-Asha");
  });

  test("an unknown table is a 404 with a plain message", async () => {
    const { cookie } = await memberWithEverything("Asha");
    const thrown = await csvLoader(
      routeArgs(getRequest("/details/data/csv/passwords", cookie), { table: "passwords" }),
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect(await (thrown as Response).text()).toContain("Go back to My data");
  });

  test("downloads are limited per member: over the limit, back to My data with a message", async () => {
    const member = await createTestMember();
    const cookie = await memberCookie(member.id);
    const limit = RATE_LIMITS.memberDataDownloads.limit();
    for (let i = 0; i < limit; i += 1) {
      const response = await jsonLoader(routeArgs(getRequest("/details/data.json", cookie)));
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    const refused = expectRedirect(await jsonLoader(routeArgs(getRequest("/details/data.json", cookie))));
    expect(refused.headers.get("Location")).toBe("/details/data");
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      message: expect.stringMatching(
        /^You have downloaded your data many times this hour\. Try again in \d+ minutes?\.$/,
      ),
    });
    // Another member is not limited by it.
    const other = await createTestMember();
    const response = await jsonLoader(routeArgs(getRequest("/details/data.json", await memberCookie(other.id))));
    expect(response.status).toBe(200);
  });

  test("a visitor is sent to sign in", async () => {
    const thrown = await jsonLoader(routeArgs(getRequest("/details/data.json"))).catch((error: unknown) => error);
    expect(thrown).toRedirectTo("/login?redirectTo=%2Fdetails%2Fdata.json");
  });
});

function tableNamed(name: string): MemberDataTable {
  return MEMBER_DATA_TABLES.find((table) => table.name === name)!;
}

async function csvText(cookie: string, table: MemberDataTable): Promise<string> {
  const response = await csvLoader(
    routeArgs(getRequest(`/details/data/csv/${table.name}`, cookie), { table: table.name }),
  );
  return response.text();
}
