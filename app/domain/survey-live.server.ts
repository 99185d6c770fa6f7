import { Prisma } from "~/generated/prisma/client";

// What "live" means for a survey, in one place (docs/decisions/056-lifecycle.md): launched, not
// closed and not archived. Only a live survey is offered to members (their list, audiences,
// invitations) and can be started; every query and check that asks uses these, never the columns.

/** The condition in SQL, for a Survey row under `alias` (a fixed identifier, never user input). */
export function liveSurveySql(alias: "s"): Prisma.Sql {
  const survey = Prisma.raw(`${alias}.`);
  return Prisma.sql`(${survey}"launched" AND ${survey}"closedAt" IS NULL AND ${survey}"archivedAt" IS NULL)`;
}

/** The fields isSurveyLive reads: add them to a select. */
export const LIVE_SURVEY_SELECT = { launched: true, closedAt: true, archivedAt: true } as const;

export function isSurveyLive(survey: { launched: boolean; closedAt: Date | null; archivedAt: Date | null }): boolean {
  return survey.launched && survey.closedAt === null && survey.archivedAt === null;
}

/**
 * A screener is offered for new surveys and assignments while it is neither closed nor archived
 * (decision 056); what already uses it keeps it.
 */
export const OFFERED_SCREENER_WHERE = { closedAt: null, archivedAt: null } satisfies Prisma.ScreenerWhereInput;
