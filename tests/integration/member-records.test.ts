import { describe, expect, test } from "vitest";
import { startAdminSession } from "~/domain/admin-sessions.server";
import { EMAIL_SEARCH_MESSAGE, formatRupees, PAGE_SIZE } from "~/domain/member-records.server";
import { getPrisma } from "~/lib/db.server";
import { loader } from "~/routes/admin._console.users";
import { createTestAdmin, createTestAssignment, createTestMember, createTestSurvey } from "../support/factories";
import { ORIGIN } from "../support/requests";

// Users Records (/admin/users): cards from the database, the e-mail search and keyset pages.

async function adminCookie() {
  const admin = await createTestAdmin();
  return (await startAdminSession(admin.id, new Request(ORIGIN))).split(";")[0];
}

async function load(query: string, cookie?: string) {
  const request = new Request(`${ORIGIN}/admin/users${query}`, { headers: cookie ? { Cookie: cookie } : {} });
  return loader({ request, params: {}, context: {} });
}

async function createMembers(count: number, prefix = "page") {
  const members = [];
  for (let index = 0; index < count; index += 1) {
    members.push(await createTestMember({ email: `${prefix}${String(index).padStart(3, "0")}@example.com` }));
  }
  return members;
}

describe("Users Records", () => {
  test("a guest gets a 404 from the loader", async () => {
    await expect(load("")).rejects.toMatchObject({ status: 404 });
  });

  test("the cards count members, completed assignments and paid-out withdrawals in rupees", async () => {
    const cookie = await adminCookie();
    const [asha, ravi] = await createMembers(2);
    const survey = await createTestSurvey();
    for (const [index, [member, status]] of (
      [
        [asha, 3],
        [ravi, 3],
        [ravi, 4],
      ] as const
    ).entries()) {
      await createTestAssignment(survey.id, member.id, { status, points: 10, respondentToken: `token-${index}` });
    }
    const snapshot = { method: "upi", upiId: "asha@okbank" };
    for (const [index, [status, amountMinor]] of (
      [
        ["success", 123_400],
        ["success", 50],
        ["pending", 99_999],
      ] as const
    ).entries()) {
      await getPrisma().withdrawalRequest.create({
        data: {
          referenceId: `WD-${index}`,
          memberId: asha.id,
          points: 100,
          amountMinor,
          status,
          method: "upi",
          payoutSnapshot: snapshot,
        },
      });
    }
    const result = await load("", cookie);
    expect(result.cards).toEqual({ totalUsers: 2, totalCompleted: 2, totalAmount: "₹ 1,234.50" });
    expect(formatRupees(0)).toBe("₹ 0.00");
  });

  test("pages go first, next, previous and last by id, 20 to a page", async () => {
    const cookie = await adminCookie();
    const members = await createMembers(PAGE_SIZE * 2 + 5);
    const ids = members.map((member) => member.id);

    const first = await load("", cookie);
    expect(first.page?.members.map((member) => member.id)).toEqual(ids.slice(0, 20));
    expect(first.page).toMatchObject({ hasPrevious: false, hasNext: true });

    const second = await load(`?after=${ids[19]}`, cookie);
    expect(second.page?.members.map((member) => member.id)).toEqual(ids.slice(20, 40));
    expect(second.page).toMatchObject({ hasPrevious: true, hasNext: true });

    const back = await load(`?before=${ids[20]}`, cookie);
    expect(back.page?.members.map((member) => member.id)).toEqual(ids.slice(0, 20));
    expect(back.page).toMatchObject({ hasPrevious: false, hasNext: true });

    const last = await load("?last=1", cookie);
    expect(last.page?.members.map((member) => member.id)).toEqual(ids.slice(-20));
    expect(last.page).toMatchObject({ hasPrevious: true, hasNext: false });

    const beyond = await load(`?after=${ids[ids.length - 1]}`, cookie);
    expect(beyond.page).toMatchObject({ members: [], hasNext: false });
  });

  test("an exact address shows that member alone; a prefix lists the members it starts", async () => {
    const cookie = await adminCookie();
    await createMembers(3, "asha");
    await createMembers(25, "ravi");
    await createTestMember({ email: "ravi000@example.com.au", firstName: "", lastName: "" });

    const exact = await load("?email=RAVI000@example.com", cookie);
    expect(exact.single?.email).toBe("ravi000@example.com");
    expect(exact.page).toBeNull();

    const prefix = await load("?email=asha", cookie);
    expect(prefix.single).toBeNull();
    expect(prefix.page?.members.map((member) => member.email)).toEqual([
      "asha000@example.com",
      "asha001@example.com",
      "asha002@example.com",
    ]);

    const unique = await load("?email=ravi000@example.com.", cookie);
    expect(unique.single).toMatchObject({ email: "ravi000@example.com.au", firstName: "" });

    const paged = await load("?email=ravi", cookie);
    expect(paged.page?.members).toHaveLength(20);
    expect(paged.page?.hasNext).toBe(true);
    const next = await load(`?email=ravi&after=${paged.page?.members[19].id}`, cookie);
    expect(next.page?.members.every((member) => member.email.startsWith("ravi"))).toBe(true);
    expect(next.page?.members).toHaveLength(6);

    const none = await load("?email=nobody", cookie);
    expect(none.page).toMatchObject({ members: [], hasNext: false, hasPrevious: false });
  });

  test("LIKE wildcards are matched literally and a bad value is an error for the field", async () => {
    const cookie = await adminCookie();
    await createTestMember({ email: "a_b@example.com" });
    await createTestMember({ email: "axb@example.com" });
    const literal = await load("?email=a_", cookie);
    expect(literal.single?.email).toBe("a_b@example.com");
    const percent = await load("?email=%25", cookie);
    expect(percent.page?.members).toEqual([]);

    for (const bad of ["has space", "<script>", "x".repeat(255)]) {
      const result = await load(`?email=${encodeURIComponent(bad)}`, cookie);
      expect(result.emailErrors).toEqual([EMAIL_SEARCH_MESSAGE]);
      expect(result.page).toBeNull();
      expect(result.single).toBeNull();
    }
  });
});
