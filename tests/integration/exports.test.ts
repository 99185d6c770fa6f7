import { EventEmitter } from "node:events";
import { parse } from "csv-parse/sync";
import type { Response as ExpressResponse } from "express";
import { describe, expect, test } from "vitest";
import { recordAudit } from "~/domain/audit.server";
import { exportResponse, exportStream, membersPlan, type AnyExportPlan } from "~/domain/exports.server";
import { getPrisma } from "~/lib/db.server";
import { responseReadiness } from "~/lib/load-context.server";
import { loader as auditExport } from "~/routes/admin._console.audit_.export[.]csv";
import { loader as ledgerExport } from "~/routes/admin._console.ledger.export[.]csv";
import { loader as membersExport } from "~/routes/admin._console.users_.export[.]csv";
import { loader as withdrawalsExport } from "~/routes/admin._console.withdrawal.export[.]csv";
import { QUEUE_MESSAGES } from "~/domain/withdrawal-queue.server";
import { createTestMember } from "../support/factories";
import { getRequest, memberCookie, routeArgs, signedInAdmin } from "../support/requests";

// The CSV exports (issue 18, point 4; docs/decisions/055-csv-exports.md): what an operator opens in
// a spreadsheet, the filters of the pages they come from, nothing secret, and the stream's paging.

type Loader = typeof membersExport;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function download(loader: Loader, path: string, cookie: string) {
  const response = (await loader(routeArgs(getRequest(path, cookie)))) as Response;
  // Decoded keeping the byte-order mark, which Response.text() would drop.
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  return { response, text, rows: parse(text, { bom: true, columns: true }) as Record<string, string>[] };
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

async function exportEntries() {
  return getPrisma().auditEntry.findMany({ where: { action: "export.downloaded" }, orderBy: { id: "asc" } });
}

describe("the members export", () => {
  test("lists the members of the filters with plain column names, ISO dates and country names", async () => {
    const { admin, cookie } = await signedInAdmin();
    const asha = await createTestMember({ firstName: "Asha", lastName: "Rao", country: "GB", mobile: "9876543210" });
    await createTestMember({ firstName: "Ravi", country: "IN" });
    const { response, rows, text } = await download(membersExport, "/admin/users/export.csv?country=GB", cookie);

    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(text.split("\r\n")[0]).toBe(
      "\uFEFFMember id,First name,Last name,E-mail,E-mail verified at,Phone,Country,Country code,State,City," +
        "PIN code,Date of birth,Gender,Status,Points balance,Quality score,Signed up at,Last active at," +
        "Deletion requested at",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      "Member id": String(asha.id),
      "First name": "Asha",
      "E-mail": asha.email,
      Phone: "9876543210",
      Country: "United Kingdom",
      "Country code": "GB",
      "Date of birth": "1990-04-15",
      Status: "active",
      "Signed up at": asha.createdAt.toISOString(),
    });
    expect(rows[0]["E-mail verified at"]).toMatch(ISO_UTC);

    // Audited: who, which export, the filters and, once streamed, the row count.
    const [entry] = await exportEntries();
    expect(entry).toMatchObject({ adminId: admin.id, targetType: "export", targetId: "members" });
    expect(entry.details).toMatchObject({ export: "members", filters: { country: "GB" }, rows: 1, completed: true });
  });

  test("takes every search key and filter of Users Records", async () => {
    const { cookie } = await signedInAdmin();
    const old = await createTestMember({ firstName: "Old", createdAt: new Date("2026-01-10T08:00:00Z") });
    await createTestMember({ firstName: "New", createdAt: new Date("2026-03-10T08:00:00Z") });
    const closed = await createTestMember({ firstName: "Closed", status: "closed" });
    const ids = async (query: string) =>
      (await download(membersExport, `/admin/users/export.csv?${query}`, cookie)).rows.map((row) => row["Member id"]);

    expect(await ids("from=2026-01-01&to=2026-01-31")).toEqual([String(old.id)]);
    expect(await ids("status=closed")).toEqual([String(closed.id)]);
    expect(await ids(`id=${old.id}`)).toEqual([String(old.id)]);
    expect(await ids("name=closed")).toEqual([String(closed.id)]);
    expect(await ids(`email=${closed.email.slice(0, 12)}`)).toEqual([String(closed.id)]);
  });

  test("refuses filters that make no sense with a message, and makes no file", async () => {
    const { cookie } = await signedInAdmin();
    const response = (await membersExport(
      routeArgs(getRequest("/admin/users/export.csv?from=2026-02-30&country=XX", cookie)),
    )) as Response;
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    // Decoded keeping the byte-order mark, which Response.text() would drop.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toContain("Enter a date as YYYY-MM-DD, for example 2026-11-25.");
    expect(text).toContain("Choose a country from the list.");
    expect(await exportEntries()).toEqual([]);
  });

  test("quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run", async () => {
    const { cookie } = await signedInAdmin();
    const tricky = await createTestMember({
      firstName: 'Asha, "the" great',
      lastName: "Rao\nSecond line",
      state: '=HYPERLINK("http://evil.example")',
      city: "+91 city",
      pin: "-5",
      mobile: "@SUM(A1)",
    });
    const { text, rows } = await download(membersExport, `/admin/users/export.csv?id=${tricky.id}`, cookie);
    expect(text).toContain('"Asha, ""the"" great"');
    expect(text).toContain('"Rao\nSecond line"');
    expect(rows[0]).toMatchObject({
      "First name": 'Asha, "the" great',
      "Last name": "Rao\nSecond line",
      State: '\'=HYPERLINK("http://evil.example")',
      City: "'+91 city",
      "PIN code": "'-5",
      Phone: "'@SUM(A1)",
    });
  });

  test("never carries a password hash, a session id or a token", async () => {
    const { cookie } = await signedInAdmin();
    const member = await createTestMember({ passwordHash: "$argon2id$v=19$SECRET-HASH-VALUE" });
    const session = await memberCookie(member.id);
    const token = await getPrisma().authToken.create({
      data: {
        memberId: member.id,
        purpose: "password_reset",
        tokenHash: "SECRET-TOKEN-HASH",
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const { text } = await download(membersExport, "/admin/users/export.csv", cookie);
    expect(text).toContain(member.email);
    expect(text).not.toContain("SECRET-HASH-VALUE");
    expect(text).not.toContain("argon2");
    expect(text).not.toContain(session.split("=")[1]);
    expect(text).not.toContain(token.tokenHash);
    expect(text.split("\r\n")[0]).not.toMatch(/password|hash|token|session|secret/i);
  });
});

describe("the ledger, withdrawals and audit log exports", () => {
  test("the ledger lists every points transaction, by member and dates", async () => {
    const { admin, cookie } = await signedInAdmin();
    const asha = await createTestMember();
    const ravi = await createTestMember();
    const entry = (memberId: number, n: number, change: number, createdAt: string) =>
      getPrisma().pointsTransaction.create({
        data: {
          referenceId: `PT-${n}`,
          memberId,
          change,
          remark: n === 1 ? "Welcome, and thanks" : "Correction",
          status: "completed",
          type: "admin_adjustment",
          source: `test:${n}`,
          adminId: admin.id,
          createdAt: new Date(createdAt),
        },
      });
    await entry(asha.id, 1, 100, "2026-11-01T10:00:00Z");
    await entry(asha.id, 2, -40, "2026-11-20T10:00:00Z");
    await entry(ravi.id, 3, 70, "2026-11-02T10:00:00Z");

    const all = await download(ledgerExport, "/admin/ledger/export.csv", cookie);
    expect(all.text.split("\r\n")[0]).toBe(
      "\uFEFFReference,Member id,E-mail,Created at,Points change,Type,Status,Remark,Cause,Assignment id," +
        "Withdrawal reference,Admin e-mail",
    );
    expect(all.rows.map((row) => row.Reference)).toEqual(["PT-1", "PT-2", "PT-3"]);
    // A debit keeps its minus sign: numbers are not defused, only text.
    expect(all.rows[1]).toMatchObject({
      "Member id": String(asha.id),
      "E-mail": asha.email,
      "Created at": "2026-11-20T10:00:00.000Z",
      "Points change": "-40",
      Type: "admin_adjustment",
      Remark: "Correction",
      "Admin e-mail": admin.email,
    });

    const one = await download(ledgerExport, `/admin/ledger/export.csv?member=${asha.id}&to=2026-11-19`, cookie);
    expect(one.rows.map((row) => row.Reference)).toEqual(["PT-1"]);
    expect(one.response.headers.get("Content-Disposition")).toContain(`ledger-member-${asha.id}-`);
    // The entry names the member, so the member's page lists it.
    const entries = await exportEntries();
    expect(entries[1].details).toMatchObject({ export: "ledger", memberId: asha.id, rows: 1 });
  });

  test("withdrawals by status and date, with a bank account number masked", async () => {
    const { cookie } = await signedInAdmin();
    const member = await createTestMember();
    const withdrawal = (n: number, status: "pending" | "success", method: "bank" | "upi", requestedAt: string) =>
      getPrisma().withdrawalRequest.create({
        data: {
          referenceId: `WD-${n}`,
          memberId: member.id,
          points: 1000 * n,
          amountMinor: 10_000 * n + 5,
          status,
          method,
          requestedAt: new Date(requestedAt),
          payoutSnapshot:
            method === "bank"
              ? {
                  method,
                  holderName: "Asha Rao",
                  bankName: "HDFC Bank",
                  bankAccountNumber: "001234567890",
                  bankIfsc: "HDFC0001234",
                }
              : { method, holderName: "Asha Rao", upiId: "asha@okbank" },
        },
      });
    await withdrawal(1, "pending", "bank", "2026-11-01T10:00:00Z");
    await withdrawal(2, "success", "upi", "2026-11-05T10:00:00Z");
    await withdrawal(3, "pending", "upi", "2026-11-09T10:00:00Z");

    const all = await download(withdrawalsExport, "/admin/withdrawal/export.csv", cookie);
    expect(all.rows).toHaveLength(3);
    expect(all.rows[0]).toMatchObject({
      Reference: "WD-1",
      "E-mail": member.email,
      Points: "1000",
      Amount: "100.05",
      Currency: "INR",
      Method: "bank",
      "Account holder": "Asha Rao",
      "Payout account": "••••••••7890",
      "Bank name": "HDFC Bank",
      IFSC: "HDFC0001234",
      Status: "pending",
      "Requested at": "2026-11-01T10:00:00.000Z",
    });
    expect(all.rows[1]["Payout account"]).toBe("asha@okbank");
    // A paid payout's reference, as the bank reconciliation needs it (decision 054).
    await getPrisma().withdrawalRequest.update({
      where: { referenceId: "WD-2" },
      data: { payoutReference: "UTR123456789", paidAt: new Date("2026-11-06T09:00:00Z") },
    });
    const paid = await download(withdrawalsExport, "/admin/withdrawal/export.csv?status=success", cookie);
    expect(paid.rows).toEqual([
      expect.objectContaining({
        Reference: "WD-2",
        "Payout reference": "UTR123456789",
        "Paid at": "2026-11-06T09:00:00.000Z",
      }),
    ]);
    expect(all.text).not.toContain("001234567890");

    const pending = await download(
      withdrawalsExport,
      "/admin/withdrawal/export.csv?status=pending&from=2026-11-02",
      cookie,
    );
    expect(pending.rows.map((row) => row.Reference)).toEqual(["WD-3"]);
    // The queue's amount filter in rupees, both ends included (amounts are ₹ 100.05, 200.05, 300.05).
    const byAmount = await download(
      withdrawalsExport,
      "/admin/withdrawal/export.csv?minAmount=200.05&maxAmount=300.04",
      cookie,
    );
    expect(byAmount.rows.map((row) => row.Reference)).toEqual(["WD-2"]);
    const bad = (await withdrawalsExport(
      routeArgs(getRequest("/admin/withdrawal/export.csv?status=paid-twice", cookie)),
    )) as Response;
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(QUEUE_MESSAGES.status);
  });

  test("the audit log with its page's filters, each entry as its sentence", async () => {
    const { admin, cookie } = await signedInAdmin({ name: "Meera" });
    const member = await createTestMember();
    const prisma = getPrisma();
    await recordAudit(prisma, {
      admin,
      action: "points.adjusted",
      targetType: "member",
      targetId: member.id,
      details: { points: 50, reason: "=cmd|' /C calc'!A0", balance: 150 },
    });
    await recordAudit(prisma, { admin, action: "survey.launched", targetType: "survey", targetId: 9, details: {} });

    const { rows, text } = await download(auditExport, "/admin/audit/export.csv?action=points.adjusted", cookie);
    expect(text.split("\r\n")[0]).toBe(
      "\uFEFFEntry id,When,Admin e-mail,Admin name,Action,Target type,Target id,What happened,Changes,Details",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      "Admin e-mail": admin.email,
      "Admin name": "Meera",
      Action: "points.adjusted",
      "Target id": String(member.id),
      "What happened": `Meera (${admin.email}) gave 50 points to member #${member.id}: "=cmd|' /C calc'!A0"`,
      Changes: "Balance: 100 points → 150 points",
    });
    expect(rows[0].When).toMatch(ISO_UTC);
    // A cell that starts with = is defused wherever it comes from.
    expect(rows[0].Details).toMatch(/^points: 50; reason: =cmd/);
    const bad = (await auditExport(routeArgs(getRequest("/admin/audit/export.csv?member=abc", cookie)))) as Response;
    expect(bad.status).toBe(400);
  });
});

describe("who may download", () => {
  const EXPORTS: [string, Loader][] = [
    ["/admin/users/export.csv", membersExport],
    ["/admin/ledger/export.csv", ledgerExport],
    ["/admin/withdrawal/export.csv", withdrawalsExport],
    ["/admin/audit/export.csv", auditExport],
  ];

  test("a member or a guest gets the 404 page from every export, and nothing is audited", async () => {
    const member = await createTestMember();
    const cookie = await memberCookie(member.id);
    for (const [path, loader] of EXPORTS) {
      await expect(loader(routeArgs(getRequest(path, cookie)))).rejects.toMatchObject({ status: 404 });
      await expect(loader(routeArgs(getRequest(path)))).rejects.toMatchObject({ status: 404 });
    }
    expect(await exportEntries()).toEqual([]);
  });
});

describe("the stream", () => {
  async function membersWithOneSignUpTime(count: number) {
    const createdAt = new Date("2026-06-01T12:00:00.123Z");
    const members = [];
    for (let index = 0; index < count; index += 1) members.push(await createTestMember({ createdAt }));
    return members;
  }

  function plan(query = ""): AnyExportPlan {
    const planned = membersPlan(new URLSearchParams(query));
    if (!planned.ok) throw new Error(planned.messages.join(" "));
    return planned.plan;
  }

  test("pages across batch boundaries give every row once, in order, whichever the sort", async () => {
    // Equal sign-up times: the id breaks the tie, so a batch edge inside them loses and repeats nothing.
    const members = await membersWithOneSignUpTime(7);
    const ids = members.map((member) => String(member.id));
    for (const batchSize of [1, 2, 3, 7, 8]) {
      const oldest = parse(await readAll(exportStream(plan(), { batchSize })), { bom: true, columns: true });
      expect((oldest as Record<string, string>[]).map((row) => row["Member id"])).toEqual(ids);
      const newest = parse(await readAll(exportStream(plan("sort=newest"), { batchSize })), {
        bom: true,
        columns: true,
      });
      expect((newest as Record<string, string>[]).map((row) => row["Member id"])).toEqual([...ids].reverse());
    }
    // Lowest quality score first (issue 20), equal scores by id: the keyset is (score, id).
    const scores = [90, 40, 90, 100, 40, 75, 90];
    for (const [index, member] of members.entries()) {
      await getPrisma().member.update({ where: { id: member.id }, data: { qualityScore: scores[index] } });
    }
    const byScore = members
      .map((member, index) => ({ id: member.id, score: scores[index]! }))
      .sort((a, b) => a.score - b.score || a.id - b.id)
      .map((row) => String(row.id));
    for (const batchSize of [1, 2, 3, 7]) {
      const rows = parse(await readAll(exportStream(plan("sort=quality"), { batchSize })), {
        bom: true,
        columns: true,
      });
      expect((rows as Record<string, string>[]).map((row) => row["Member id"])).toEqual(byScore);
    }
  });

  test("reads a batch only when the client asks for more, and stops when the client goes away", async () => {
    const { admin } = await signedInAdmin();
    await membersWithOneSignUpTime(6);
    let batches = 0;
    const counted = plan();
    const batch = counted.batch;
    counted.batch = (...args) => ((batches += 1), batch(...args));
    const client = new AbortController();
    const response = await exportResponse(admin, counted, { signal: client.signal, batchSize: 2 });
    expect(batches).toBe(0);
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first.split("\r\n").filter(Boolean)).toHaveLength(3); // the header and one batch
    expect(batches).toBe(1);

    client.abort();
    expect((await reader.read()).done).toBe(true);
    expect(batches).toBe(1);
    const [entry] = await exportEntries();
    expect(entry.details).toMatchObject({ export: "members", rows: 2, completed: false });
  });

  test("waits for the connection to drain before reading the next batch", async () => {
    await membersWithOneSignUpTime(4);
    let batches = 0;
    const counted = plan();
    const batch = counted.batch;
    counted.batch = (...args) => ((batches += 1), batch(...args));
    // A response whose socket is behind: writableNeedDrain until it emits 'drain'.
    const res = Object.assign(new EventEmitter(), { writableNeedDrain: true, destroyed: false });
    const reader = exportStream(counted, {
      batchSize: 2,
      ready: responseReadiness(res as unknown as ExpressResponse),
    }).getReader();
    const first = reader.read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).toBe(0);
    res.writableNeedDrain = false;
    res.emit("drain");
    expect((await first).done).toBe(false);
    expect(batches).toBe(1);
  });

  test("a client that cancels the download ends the loop too", async () => {
    await membersWithOneSignUpTime(5);
    let ended: unknown = null;
    const stream = exportStream(plan(), {
      batchSize: 2,
      onEnd: async (outcome) => void (ended = outcome),
    });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    expect(ended).toEqual({ rows: 2, completed: false });
  });
});
