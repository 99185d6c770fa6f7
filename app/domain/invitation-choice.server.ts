import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { tr } from "~/i18n/mark";
import { getPrisma } from "~/lib/db.server";

// The member's choice of survey invitation mails, on My Detail (decision 068). Off: the mail worker
// queues no invitation for them (invitations.server.ts); their surveys still appear on the
// dashboard. Back on: the worker looks at the member again on its next pass, so surveys still open
// to them are announced in the next day's mail, once, as for any other member.

// A checkbox posts "on" or nothing; anything else is not a post this page makes.
const invitationChoiceSchema = z.object({
  invitationMails: z
    .literal("on", {
      errorMap: () => ({ message: tr("Tick the box or leave it empty, then press Update choice.") }),
    })
    .optional(),
});

export function parseInvitationChoice(formData: FormData) {
  return parseWithZod(formData, { schema: invitationChoiceSchema });
}

/** Saves the choice; when it turns mails back on, the worker checks the member's audiences again. */
export async function saveInvitationChoice(memberId: number, wanted: boolean, now: Date = new Date()): Promise<void> {
  await getPrisma().$transaction(async (tx) => {
    const before = await tx.member.findUniqueOrThrow({ where: { id: memberId }, select: { invitationMails: true } });
    if (before.invitationMails === wanted) return;
    await tx.member.update({
      where: { id: memberId },
      data: { invitationMails: wanted, invitationMailsChangedAt: now },
    });
    if (wanted) {
      await tx.$executeRaw`
        INSERT INTO "MemberAudienceCheck" ("memberId", "changedAt") VALUES (${memberId}::int, now())
        ON CONFLICT ("memberId") DO UPDATE SET "changedAt" = EXCLUDED."changedAt"`;
    }
  });
}
