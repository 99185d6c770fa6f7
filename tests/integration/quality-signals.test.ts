import { describe, expect, test } from "vitest";
import { listMemberRecords } from "~/domain/member-records.server";
import { clearSignal, CLEAR_SIGNAL_REFUSALS, listSignals, raiseSignal } from "~/domain/quality-signals.server";
import { getPrisma } from "~/lib/db.server";
import { action, loader } from "~/routes/admin._console.users_.$id";
import { createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { formRequest, getRequest, routeArgs, signedInAdmin, toastOf } from "../support/requests";

// Quality signals (issue 20, decision 069): raised once per member, kind and subject; the score
// follows the open signals in the same transaction, also when signals arrive at once; an admin
// clears one with a reason on the member page (audited), and Users Records sorts by the score.

const scoreOf = async (memberId: number) =>
  (await getPrisma().member.findUniqueOrThrow({ where: { id: memberId } })).qualityScore;

const raise = (memberId: number, kind: Parameters<typeof raiseSignal>[1]["kind"], subject: string, evidence = {}) =>
  getPrisma().$transaction((tx) => raiseSignal(tx, { memberId, kind, subject, evidence }));

describe("raising signals", () => {
  test("a signal is stored once per subject, with its evidence brought up to date", async () => {
    const member = await createTestMember();
    expect(await scoreOf(member.id)).toBe(100);
    expect(await raise(member.id, "shared_device", "device-hash-a", { otherMemberIds: [5] })).toBe(true);
    expect(await raise(member.id, "shared_device", "device-hash-a", { otherMemberIds: [5, 9] })).toBe(false);
    const signals = await getPrisma().qualitySignal.findMany({ where: { memberId: member.id } });
    expect(signals).toHaveLength(1);
    expect(signals[0]!.evidence).toEqual({ otherMemberIds: [5, 9] });
    expect(await scoreOf(member.id)).toBe(75);
  });

  test("signals raised at the same time for one member all count in the score", async () => {
    const member = await createTestMember();
    await Promise.all([
      raise(member.id, "shared_device", "d"),
      raise(member.id, "shared_phone", "p"),
      raise(member.id, "speeder", "assignment:1"),
      raise(member.id, "speeder", "assignment:2"),
      raise(member.id, "straight_answers", "assignment:1"),
    ]);
    expect(await getPrisma().qualitySignal.count({ where: { memberId: member.id } })).toBe(5);
    expect(await scoreOf(member.id)).toBe(100 - 25 - 20 - 30 - 10);
  });

  test("a signal about a member who does not exist stores nothing", async () => {
    expect(await raise(2_000_000_000, "speeder", "x")).toBe(false);
  });
});

describe("clearing a signal on the member page", () => {
  test("the admin sees the score and the signal in plain words", async () => {
    const { cookie } = await signedInAdmin();
    const member = await createTestMember();
    await raise(member.id, "shared_device", "hash", { otherMemberIds: [77] });
    const data = await loader(routeArgs(getRequest(`/admin/users/${member.id}`, cookie), { id: String(member.id) }));
    const page = data as unknown as {
      member: { qualityScore: number };
      signals: { sentence: string; cleared: unknown }[];
    };
    expect(page.member.qualityScore).toBe(75);
    expect(page.signals).toEqual([
      expect.objectContaining({ sentence: "Signed in on a browser that member #77 also signed in on.", cleared: null }),
    ]);
  });

  test("a reason is required, and clearing restores the score once, audited", async () => {
    const { cookie } = await signedInAdmin();
    const member = await createTestMember();
    await raise(member.id, "shared_phone", "phone-hash", { otherMemberIds: [3] });
    const [signal] = await getPrisma().qualitySignal.findMany({ where: { memberId: member.id } });
    const post = (fields: Record<string, string>) =>
      action(routeArgs(formRequest(`/admin/users/${member.id}`, cookie, fields), { id: String(member.id) }));

    const noReason = expectData(await post({ intent: "clear-signal", signalId: String(signal!.id), reason: "" }));
    expect(noReason.init?.status).toBe(400);
    expect(noReason.data.form).toBe(`clear-signal-${signal!.id}`);
    expect(await scoreOf(member.id)).toBe(80);

    const cleared = await post({
      intent: "clear-signal",
      signalId: String(signal!.id),
      reason: "Same family, one phone",
    });
    expect((await toastOf(expectRedirect(cleared)))?.message).toBe(
      "The shared phone number signal is cleared. Quality score: 100.",
    );
    expect(await scoreOf(member.id)).toBe(100);
    const audit = await getPrisma().auditEntry.findMany({
      where: { action: "quality_signal.cleared", targetId: String(member.id) },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({
      reason: "Same family, one phone",
      kind: "shared_phone",
      before: { qualityScore: 80 },
      after: { qualityScore: 100 },
    });

    const again = expectData(await post({ intent: "clear-signal", signalId: String(signal!.id), reason: "Again" }));
    expect(again.init?.status).toBe(409);
    expect(Object.values(again.data.error ?? {}).flat()).toContain(CLEAR_SIGNAL_REFUSALS.alreadyCleared);

    // Raised again for the same thing, it stays cleared: the admin has judged it.
    expect(await raise(member.id, "shared_phone", "phone-hash", { otherMemberIds: [3] })).toBe(false);
    expect(await scoreOf(member.id)).toBe(100);
    const [listed] = await listSignals(getPrisma(), member.id);
    expect(listed!.cleared).toMatchObject({ reason: "Same family, one phone" });
  });

  test("another member's signal cannot be cleared from this page", async () => {
    const { admin } = await signedInAdmin();
    const [one, other] = [await createTestMember(), await createTestMember()];
    await raise(other.id, "speeder", "assignment:9");
    const [signal] = await getPrisma().qualitySignal.findMany({ where: { memberId: other.id } });
    const result = await clearSignal(admin, one.id, signal!.id, "Wrong page");
    expect(result).toEqual({ ok: false, message: CLEAR_SIGNAL_REFUSALS.noSignal, status: 404 });
    expect(await scoreOf(other.id)).toBe(85);
  });
});

describe("Users Records sorted by quality score", () => {
  test("lowest score first, and the keyset pages go on from there", async () => {
    const members = [];
    for (let index = 0; index < 3; index += 1) members.push(await createTestMember());
    await raise(members[1]!.id, "shared_payout", "payout");
    await raise(members[2]!.id, "speeder", "assignment:1");
    const first = await listMemberRecords(getPrisma(), { sort: "quality", cursor: null });
    expect(first.members.slice(0, 2).map((row) => [row.id, row.qualityScore])).toEqual([
      [members[1]!.id, 60],
      [members[2]!.id, 85],
    ]);
    const next = await listMemberRecords(getPrisma(), { sort: "quality", cursor: { after: members[1]!.id } });
    expect(next.members[0]!.id).toBe(members[2]!.id);
  });
});
