import { randomBytes } from "node:crypto";
import { z } from "zod";
import { creditPoints, reverseEntry } from "~/domain/ledger.server";
import { getPrisma } from "~/lib/db.server";

// The end-to-end fixture of the field report (posted to /dev/fixtures, which only the end-to-end
// harness serves): an external survey (or one made earlier, by id) and assignments in the statuses
// given, each of a member of its own; a complete is credited as delivery credits it, and `reversed`
// takes that credit back through the ledger, as an admin's reversal does.

export const fieldReportFixture = z.object({
  fieldReport: z.object({
    /** Add to this survey instead of making a new one. */
    surveyId: z.number().int().optional(),
    name: z.string().min(1).default("Field report survey"),
    quota: z.number().int().min(1).nullable().default(null),
    assignments: z.array(
      z.object({
        status: z.number().int().min(1).max(7),
        outcome: z.enum(["complete", "terminate", "over_quota", "quality", "security"]).optional(),
        opened: z.boolean().default(true),
        /** Started this many minutes before now; unset: never started. */
        startedMinutesAgo: z.number().min(0).optional(),
        /** Ended this many minutes after it started; unset: not ended. */
        lengthMinutes: z.number().min(0).optional(),
        credit: z.number().int().min(1).optional(),
        reversed: z.boolean().default(false),
      }),
    ),
  }),
});

export async function createFieldReportFixture(input: z.infer<typeof fieldReportFixture>["fieldReport"]) {
  const suffix = randomBytes(6).toString("hex");
  const now = Date.now();
  return getPrisma().$transaction(async (tx) => {
    await tx.surveyCategory.upsert({ where: { id: 30 }, create: { id: 30, name: "Other" }, update: {} });
    const surveyId =
      input.surveyId ??
      (
        await tx.survey.create({
          data: {
            name: input.name,
            slug: `field-${suffix}`,
            categoryId: 30,
            points: 50,
            lengthMinutes: 10,
            launched: true,
            delivery: "external",
            externalUrl: "https://vendor.example.com/s?rid={token}",
            returnSecret: randomBytes(32).toString("hex"),
            quota: input.quota,
          },
        })
      ).id;
    for (const [index, row] of input.assignments.entries()) {
      const member = await tx.member.create({
        data: {
          email: `field-${suffix}-${index}@example.com`,
          firstName: "Field",
          lastName: "Respondent",
          emailVerifiedAt: new Date(),
        },
      });
      const startedAt = row.startedMinutesAgo === undefined ? null : new Date(now - row.startedMinutesAgo * 60_000);
      const endedAt =
        startedAt && row.lengthMinutes !== undefined
          ? new Date(startedAt.getTime() + row.lengthMinutes * 60_000)
          : null;
      const assignment = await tx.assignment.create({
        data: {
          surveyId,
          memberId: member.id,
          points: row.credit ?? 50,
          status: row.status,
          outcome: row.outcome ?? null,
          respondentToken: randomBytes(12).toString("hex"),
          openedAt: row.opened || startedAt ? (startedAt ?? new Date(now)) : null,
          startedAt,
          endedAt,
        },
      });
      if (row.credit === undefined) continue;
      const source = `assignment:${assignment.id}:complete`;
      await creditPoints(tx, {
        memberId: member.id,
        points: row.credit,
        type: "survey_completion",
        source,
        remark: `Survey ${surveyId}`,
        assignmentId: assignment.id,
      });
      if (row.reversed) await reverseEntry(tx, { source, remark: "Failed the buyer's quality checks" });
    }
    return { surveyId };
  });
}
