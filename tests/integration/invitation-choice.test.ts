import "../support/file-outbox";
import { describe, expect, test } from "vitest";
import { assignSurvey, assignToAll, findAssignSurvey, type AssignSurvey } from "~/domain/assignments.server";
import { INVITATION_CHOICE_MESSAGES } from "~/domain/invitation-choice";
import { INVITATION_SUBJECTS } from "~/domain/invitations.server";
import { runMailPass } from "~/domain/mail-queue.server";
import { listOutbox } from "~/domain/mail.server";
import { getPrisma } from "~/lib/db.server";
import { action, loader } from "~/routes/_member.details.user";
import { createTestAdmin, createTestMember, createTestSurvey } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";
import { formRequest, getRequest, memberCookie, routeArgs, toastOf } from "../support/requests";
import { MY_DETAIL_FIELDS } from "../support/my-detail";

// The member's choice of invitation mails on My Detail (decision 068), and the mail worker that
// respects it: a member who turned them off is sent none, by an assignment or by an audience; turned
// back on, the surveys still waiting are announced once in the next mail.

const NOON = new Date("2030-03-14T12:00:00.000Z");
const NEXT_DAY = new Date("2030-03-15T12:00:00.000Z");

async function choose(cookie: string, fields: Record<string, string>) {
  return action(routeArgs(formRequest("/details/user", cookie, { intent: "invitation-mails", ...fields })));
}

async function signedIn() {
  const member = await createTestMember();
  return { member, cookie: await memberCookie(member.id) };
}

async function assignable(name: string): Promise<AssignSurvey> {
  return (await findAssignSurvey((await createTestSurvey({ name })).id))!;
}

const stored = (memberId: number) =>
  getPrisma().member.findUniqueOrThrow({
    where: { id: memberId },
    select: { invitationMails: true, invitationMailsChangedAt: true },
  });

describe("the choice on My Detail", () => {
  test("invitations are on until the member unticks the box; each save says what happens next", async () => {
    const { member, cookie } = await signedIn();
    expect(await loader(routeArgs(getRequest("/details/user", cookie)))).toMatchObject({ invitationMails: true });

    const off = expectRedirect(await choose(cookie, {}));
    expect(off.headers.get("Location")).toBe("/details/user");
    expect(await toastOf(off)).toEqual({ type: "success", message: INVITATION_CHOICE_MESSAGES.off });
    expect(await stored(member.id)).toEqual({ invitationMails: false, invitationMailsChangedAt: expect.any(Date) });
    expect(await loader(routeArgs(getRequest("/details/user", cookie)))).toMatchObject({ invitationMails: false });

    const on = expectRedirect(await choose(cookie, { invitationMails: "on" }));
    expect(await toastOf(on)).toEqual({ type: "success", message: INVITATION_CHOICE_MESSAGES.on });
    expect((await stored(member.id)).invitationMails).toBe(true);
  });

  test("a value the checkbox never posts is refused with a message, and nothing changes", async () => {
    const { member, cookie } = await signedIn();
    const refused = expectData(await choose(cookie, { invitationMails: "yes" }));
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({ form: "invitation-mails", error: { invitationMails: [expect.any(String)] } });
    expect(await stored(member.id)).toEqual({ invitationMails: true, invitationMailsChangedAt: null });
  });

  test("the details form still saves without an intent", async () => {
    const { member, cookie } = await signedIn();
    const saved = await action(routeArgs(formRequest("/details/user", cookie, MY_DETAIL_FIELDS)));
    expect(await toastOf(expectRedirect(saved))).toMatchObject({ message: "Details Saved Successfully" });
    expect(await stored(member.id)).toEqual({ invitationMails: true, invitationMailsChangedAt: null });
  });
});

describe("the mail worker respects the choice", () => {
  test("a member who turned invitations off gets no mail for an assignment or an audience; others do", async () => {
    const admin = await createTestAdmin();
    const quiet = await signedIn();
    const keen = await signedIn();
    expectRedirect(await choose(quiet.cookie, {}));

    const assigned = await assignable("Assigned to both");
    for (const { member } of [quiet, keen]) {
      expect((await assignSurvey(admin, assigned, { memberId: member.id, screenerId: null, points: 5 })).ok).toBe(true);
    }
    const everyone = await assignable("For everyone");
    expect((await assignToAll(admin, everyone, { screenerId: null, points: 5, confirmedCount: null })).ok).toBe(true);

    await runMailPass({ invitations: true, now: () => NOON });
    await runMailPass({ invitations: true, now: () => NEXT_DAY });
    const mails = await listOutbox();
    expect(mails.map((mail) => mail.to)).not.toContain(quiet.member.email);
    expect(mails.filter((mail) => mail.to === keen.member.email).length).toBe(2);
    expect(await getPrisma().queuedMail.count({ where: { to: quiet.member.email } })).toBe(0);
    // Nothing is recorded as announced to the quiet member: their surveys wait on the dashboard.
    expect(await getPrisma().audienceInvitation.count({ where: { memberId: quiet.member.id } })).toBe(0);
    expect(await getPrisma().assignment.count({ where: { memberId: quiet.member.id, invitedAt: { not: null } } })).toBe(
      0,
    );
  });

  test("turned back on, the surveys still waiting are announced once in the next mail", async () => {
    const admin = await createTestAdmin();
    const { member, cookie } = await signedIn();
    expectRedirect(await choose(cookie, {}));
    const assigned = await assignable("Assigned while off");
    await assignSurvey(admin, assigned, { memberId: member.id, screenerId: null, points: 5 });
    const everyone = await assignable("Audience while off");
    await assignToAll(admin, everyone, { screenerId: null, points: 5, confirmedCount: null });
    await runMailPass({ invitations: true, now: () => NOON });
    expect(await listOutbox()).toEqual([]);

    expectRedirect(await choose(cookie, { invitationMails: "on" }));
    await runMailPass({ invitations: true, now: () => NEXT_DAY });
    await runMailPass({ invitations: true, now: () => NEXT_DAY });
    const mails = await listOutbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: member.email, subject: `2${INVITATION_SUBJECTS.many}` });
  });
});
