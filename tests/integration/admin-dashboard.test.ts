import { expect, test } from "vitest";
import { startAdminSession } from "~/domain/admin-sessions.server";
import { getPrisma } from "~/lib/db.server";
import { loader } from "~/routes/admin._console.dash";
import { createTestAdmin, createTestMember } from "../support/factories";
import { ORIGIN } from "../support/requests";

// The dashboard's cards come from the database in one query.

const DAY = 24 * 60 * 60 * 1000;

async function load(cookie?: string) {
  const request = new Request(`${ORIGIN}/admin/dash`, { headers: cookie ? { Cookie: cookie } : {} });
  return loader({ request, params: {}, context: {} });
}

test("a guest gets a 404 from the dashboard loader", async () => {
  await expect(load()).rejects.toMatchObject({ status: 404 });
});

test("the cards count members, live surveys, this week's completes, points and pending withdrawals", async () => {
  const admin = await createTestAdmin();
  const cookie = (await startAdminSession(admin.id, new Request(ORIGIN))).split(";")[0];
  const now = Date.now();
  const fresh = await createTestMember({ pointsBalance: 150 });
  const old = await createTestMember({ createdAt: new Date(now - 30 * DAY), pointsBalance: 50 });
  await createTestMember({ emailVerifiedAt: null });

  const category = await getPrisma().surveyCategory.create({ data: { id: 902, name: "Dash" } });
  const survey = (slug: string, launched: boolean) =>
    getPrisma().survey.create({
      data: {
        name: slug,
        slug,
        categoryId: category.id,
        points: 10,
        lengthMinutes: 5,
        delivery: "hosted",
        returnSecret: "x",
        launched,
      },
    });
  const live = await survey("live", true);
  await survey("draft", false);
  const assignments: [number, number, Date | null][] = [
    [fresh.id, 3, new Date(now - DAY)],
    [old.id, 3, new Date(now - 10 * DAY)],
    [old.id, 4, new Date(now - DAY)],
  ];
  for (const [index, [memberId, status, endedAt]] of assignments.entries()) {
    await getPrisma().assignment.create({
      data: { surveyId: live.id, memberId, status, endedAt, points: 10, respondentToken: `dash-${index}` },
    });
  }
  await getPrisma().withdrawalRequest.create({
    data: {
      referenceId: "WD-1",
      memberId: fresh.id,
      points: 100,
      amountMinor: 1000,
      method: "upi",
      payoutSnapshot: {},
    },
  });

  expect(await load(cookie)).toEqual({
    pendingWithdrawals: 1,
    membersTotal: 3,
    membersVerified: 2,
    membersNewThisWeek: 2,
    surveysLive: 1,
    completesThisWeek: 1,
    pointsOutstanding: 200,
  });
});
