import { z } from "zod";
import { tr } from "~/i18n/mark";
import { plainText } from "~/lib/validation";

// The appeal forms' schemas (decision 073), shared by the actions and the components.

export const APPEAL_MESSAGE_MAX = 500;
export const APPEAL_REPLY_MAX = 1000;

export const APPEAL_MESSAGES = {
  message: tr("Tell us in a few words why you think this was a mistake."),
  reply: "Write a reply: the member reads it.",
  appealId: "This appeal does not exist.",
} as const;

export const fileAppealSchema = z.object({
  message: plainText({ max: APPEAL_MESSAGE_MAX, required: APPEAL_MESSAGES.message }),
});

export const decideAppealSchema = z.object({
  appealId: z.coerce
    .number({ invalid_type_error: APPEAL_MESSAGES.appealId, required_error: APPEAL_MESSAGES.appealId })
    .int(APPEAL_MESSAGES.appealId)
    .positive(APPEAL_MESSAGES.appealId)
    .max(2_147_483_647, APPEAL_MESSAGES.appealId),
  reply: plainText({ max: APPEAL_REPLY_MAX, required: APPEAL_MESSAGES.reply }),
});

export const APPEAL_KINDS = ["reversal", "quality_termination", "hold"] as const;
export type AppealKindName = (typeof APPEAL_KINDS)[number];

/** The event in a URL: "hold-12" is withdrawal request 12's hold. Null when it is not one. */
export function parseAppealEvent(param: string | undefined): { kind: AppealKindName; subjectId: number } | null {
  const match = /^(reversal|quality_termination|hold)-([1-9][0-9]{0,9})$/.exec(param ?? "");
  if (!match) return null;
  const subjectId = Number(match[2]);
  if (subjectId > 2_147_483_647) return null;
  return { kind: match[1] as AppealKindName, subjectId };
}

export const appealEventKey = (kind: AppealKindName, subjectId: number) => `${kind}:${subjectId}`;
export const appealEventPath = (kind: AppealKindName, subjectId: number) => `/activities/appeal/${kind}-${subjectId}`;

/** What was appealed, as written (in English); the member's pages translate it with its values. */
export const APPEAL_TITLES = {
  reversal: tr("{{points}} points taken back ({{reference}})"),
  qualityTermination: tr("Survey {{survey}} ended by a quality check"),
  hold: tr("Withdrawal {{reference}} of {{points}} points held for review"),
} as const;

/** The appeal's state in the member's words. */
export const APPEAL_STATUS_LABEL = {
  open: tr("Appeal sent: an admin will look at it soon"),
  upheld: tr("Appeal answered: the decision stands"),
  granted: tr("Appeal granted"),
} as const;

/** Why a survey ended as a quality termination, as the member reads it in Survey History. */
export const QUALITY_TERMINATION_REASON = tr(
  "Ended by our quality checks (for example, an attention question was not answered as asked), so no reward was paid. If you think this is a mistake, you can appeal.",
);
