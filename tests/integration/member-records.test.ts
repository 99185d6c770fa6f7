import { describe, expect, test } from "vitest";
import { startAdminSession } from "~/domain/admin-sessions.server";
import {
  COUNTRY_FILTER_MESSAGE,
  DATE_FILTER_MESSAGE,
  DATE_RANGE_MESSAGE,
  EMAIL_SEARCH_MESSAGE,
  formatRupees,
  MEMBER_ID_MESSAGE,
  NAME_SEARCH_MESSAGE,
  PAGE_SIZE,
  PHONE_SEARCH_MESSAGE,
  SORT_MESSAGE,
  STATUS_FILTER_MESSAGE,
} from "~/domain/member-records.server";
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
      expect(result.errors.email).toEqual([EMAIL_SEARCH_MESSAGE]);
      expect(result.page).toBeNull();
      expect(result.single).toBeNull();
    }
  });

  test("finds a member by id, by the start of the name and by phone as typed", async () => {
    const cookie = await adminCookie();
    const asha = await createTestMember({ firstName: "Asha", lastName: "Kumari", mobile: "+919876543210" });
    const ashok = await createTestMember({ firstName: "Ashok", lastName: "Rao", mobile: "9123456789" });
    await createTestMember({ firstName: "Ravi", lastName: "Asha", mobile: "9988776655" });

    const byId = await load(`?id=${ashok.id}`, cookie);
    expect(byId.single).toMatchObject({ id: ashok.id, email: ashok.email });
    expect((await load("?id=2147483000", cookie)).page).toMatchObject({ members: [] });

    const byName = await load("?name=ASH", cookie);
    expect(byName.page?.members.map((member) => member.id)).toEqual([asha.id, ashok.id]);
    const byFullName = await load(`?name=${encodeURIComponent("  asha   kum ")}`, cookie);
    expect(byFullName.single?.id).toBe(asha.id);
    expect(byFullName.values.name).toBe("  asha   kum ");

    const byPhone = await load(`?phone=${encodeURIComponent("+91 98765-43210")}`, cookie);
    expect(byPhone.single?.id).toBe(asha.id);
    const byLocalPhone = await load(`?phone=${encodeURIComponent("91234 56789")}`, cookie);
    expect(byLocalPhone.single?.id).toBe(ashok.id);
    // The whole number, not a part of it: a part would match other members' numbers.
    expect((await load("?phone=9876543210", cookie)).page).toMatchObject({ members: [] });
  });

  test("the table shows the country by name; filters by country, status and sign-up dates combine", async () => {
    const cookie = await adminCookie();
    const day = (date: string) => new Date(`${date}T12:00:00Z`);
    const early = await createTestMember({ country: "GB", createdAt: day("2026-01-10") });
    const inRange = await createTestMember({ country: "GB", createdAt: day("2026-02-01") });
    const lastDay = await createTestMember({ country: "GB", createdAt: new Date("2026-02-28T23:59:59Z") });
    await createTestMember({ country: "GB", status: "inactive", createdAt: day("2026-02-10") });
    await createTestMember({ country: "IN", createdAt: day("2026-02-05") });

    const all = await load("", cookie);
    expect(all.page?.members.find((member) => member.id === early.id)?.countryName).toBe("United Kingdom");

    const combined = await load("?country=GB&status=active&from=2026-02-01&to=2026-02-28", cookie);
    expect(combined.page?.members.map((member) => member.id)).toEqual([inRange.id, lastDay.id]);
    expect(combined.values).toMatchObject({ country: "GB", status: "active", from: "2026-02-01", to: "2026-02-28" });
    const gb = await load("?country=GB", cookie);
    expect(gb.page?.members).toHaveLength(4);
    const inactive = await load("?status=inactive", cookie);
    expect(inactive.single?.country).toBe("GB");
  });

  test("sorts by sign-up date, newest or oldest first, and pages forwards and back keeping the filters", async () => {
    const cookie = await adminCookie();
    const start = Date.parse("2026-03-01T00:00:00Z");
    // Sign-up dates in the reverse order of the ids, so the sort cannot be by id.
    const members = [];
    for (let index = 0; index < PAGE_SIZE + 5; index += 1) {
      members.push(
        await createTestMember({ country: "DE", createdAt: new Date(start - index * 3_600_000), firstName: "Page" }),
      );
    }
    await createTestMember({ country: "FR", createdAt: new Date(start + 1000), firstName: "Page" });
    const oldestFirst = [...members].reverse().map((member) => member.id);

    const oldest = await load("?country=DE", cookie);
    expect(oldest.page?.members.map((member) => member.id)).toEqual(oldestFirst.slice(0, 20));

    const newest = await load("?country=DE&sort=newest&name=page", cookie);
    const newestFirst = members.map((member) => member.id);
    expect(newest.page?.members.map((member) => member.id)).toEqual(newestFirst.slice(0, 20));
    expect(newest.page).toMatchObject({ hasPrevious: false, hasNext: true });

    const next = await load(`?country=DE&sort=newest&name=page&after=${newestFirst[19]}`, cookie);
    expect(next.page?.members.map((member) => member.id)).toEqual(newestFirst.slice(20));
    expect(next.page).toMatchObject({ hasPrevious: true, hasNext: false });

    const back = await load(`?country=DE&sort=newest&name=page&before=${newestFirst[20]}`, cookie);
    expect(back.page?.members.map((member) => member.id)).toEqual(newestFirst.slice(0, 20));
    expect(back.page).toMatchObject({ hasPrevious: false, hasNext: true });

    const last = await load("?country=DE&sort=newest&last=1", cookie);
    expect(last.page?.members.map((member) => member.id)).toEqual(newestFirst.slice(-20));
    expect(last.values).toMatchObject({ country: "DE", sort: "newest" });
  });

  test("bad filters and keys are errors for their fields, and nothing is listed", async () => {
    const cookie = await adminCookie();
    await createTestMember();
    const cases: [string, string, string][] = [
      ["country=XX", "country", COUNTRY_FILTER_MESSAGE],
      ["country=in", "country", COUNTRY_FILTER_MESSAGE],
      ["status=suspendedd", "status", STATUS_FILTER_MESSAGE],
      ["from=2026-02-30", "from", DATE_FILTER_MESSAGE],
      ["to=yesterday", "to", DATE_FILTER_MESSAGE],
      ["from=2026-03-02&to=2026-03-01", "to", DATE_RANGE_MESSAGE],
      ["id=12abc", "id", MEMBER_ID_MESSAGE],
      ["id=0", "id", MEMBER_ID_MESSAGE],
      ["phone=call%20me", "phone", PHONE_SEARCH_MESSAGE],
      ["phone=98765", "phone", PHONE_SEARCH_MESSAGE],
      ["name=a%00b", "name", NAME_SEARCH_MESSAGE],
      [`name=${"a".repeat(101)}`, "name", NAME_SEARCH_MESSAGE],
      ["sort=random", "sort", SORT_MESSAGE],
    ];
    for (const [query, field, message] of cases) {
      const result = await load(`?${query}`, cookie);
      expect(result.errors, query).toEqual({ [field]: [message] });
      expect(result.page).toBeNull();
      expect(result.single).toBeNull();
    }
  });
});
