import { z } from "zod";
import { plainText } from "~/lib/validation";

// The forms of the actions on a member (issue 18 point 2, docs/decisions/051-member-actions.md),
// shared by the member page's action and its component. Every action asks for a reason and a ticked
// "I confirm" box, which is the confirmation with and without JavaScript alike.

/** The intents of the member page, one per action; the page's action reads exactly these. */
export const MEMBER_ACTION_INTENTS = [
  "suspend",
  "reinstate",
  "close",
  "verify-email",
  "sign-out",
  "adjust-points",
  "reverse-complete",
  "clear-signal",
] as const;
export type MemberActionIntent = (typeof MEMBER_ACTION_INTENTS)[number];

export const MAX_ACTION_REASON = 500;
/** The most one adjustment may move, whoever makes it (a typo of a few zeros is refused outright). */
export const MAX_ADJUSTMENT_POINTS = 1_000_000;

export const MEMBER_ACTION_MESSAGES = {
  reasonRequired: "Give the reason. It is kept in the audit log.",
  memberReasonRequired: "Give the reason. The member reads it in Points History.",
  confirmRequired: "Tick the box to confirm.",
  pointsRequired: "Enter the points to add (for example 50) or take away (for example -50).",
  pointsWhole: "Enter a whole number of points, without a decimal point.",
  pointsZero: "Enter a number of points other than 0.",
  pointsRange: `Enter at most ${MAX_ADJUSTMENT_POINTS.toLocaleString("en-US")} points either way.`,
  staleForm: "This form could not be read. Reload the page and try again.",
  assignmentRequired: "Choose the completed assignment to reverse.",
  signalRequired: "Choose the signal to clear.",
  clearReasonRequired: "Give the reason for clearing this signal. It is kept in the audit log.",
} as const;

const reason = plainText({ max: MAX_ACTION_REASON, required: MEMBER_ACTION_MESSAGES.reasonRequired });
const memberReason = plainText({ max: MAX_ACTION_REASON, required: MEMBER_ACTION_MESSAGES.memberReasonRequired });
const confirmed = z.literal("on", { errorMap: () => ({ message: MEMBER_ACTION_MESSAGES.confirmRequired }) });

/** Suspend, reinstate, close, mark verified, sign out everywhere: a reason and the box. */
export const memberStatusActionSchema = z.object({ reason, confirmed });

/** A random UUID made by the loader for each rendering of the adjust form: the replay key. */
const ADJUSTMENT_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const adjustPointsSchema = z.object({
  points: z
    .number({
      required_error: MEMBER_ACTION_MESSAGES.pointsRequired,
      invalid_type_error: MEMBER_ACTION_MESSAGES.pointsWhole,
    })
    .int(MEMBER_ACTION_MESSAGES.pointsWhole)
    .min(-MAX_ADJUSTMENT_POINTS, MEMBER_ACTION_MESSAGES.pointsRange)
    .max(MAX_ADJUSTMENT_POINTS, MEMBER_ACTION_MESSAGES.pointsRange)
    .refine((points) => points !== 0, MEMBER_ACTION_MESSAGES.pointsZero),
  reason: memberReason,
  confirmed,
  key: z
    .string({ required_error: MEMBER_ACTION_MESSAGES.staleForm })
    .regex(ADJUSTMENT_KEY, MEMBER_ACTION_MESSAGES.staleForm),
});

export const reverseCompleteSchema = z.object({
  assignmentId: z
    .number({
      required_error: MEMBER_ACTION_MESSAGES.assignmentRequired,
      invalid_type_error: MEMBER_ACTION_MESSAGES.assignmentRequired,
    })
    .int(MEMBER_ACTION_MESSAGES.assignmentRequired)
    .positive(MEMBER_ACTION_MESSAGES.assignmentRequired)
    .max(2_147_483_647, MEMBER_ACTION_MESSAGES.assignmentRequired),
  reason: memberReason,
  confirmed,
});

/** Clearing a quality signal (issue 20): which one, and why (audited). */
export const clearSignalSchema = z.object({
  signalId: z
    .number({
      required_error: MEMBER_ACTION_MESSAGES.signalRequired,
      invalid_type_error: MEMBER_ACTION_MESSAGES.signalRequired,
    })
    .int(MEMBER_ACTION_MESSAGES.signalRequired)
    .positive(MEMBER_ACTION_MESSAGES.signalRequired)
    .max(2_147_483_647, MEMBER_ACTION_MESSAGES.signalRequired),
  reason: plainText({ max: MAX_ACTION_REASON, required: MEMBER_ACTION_MESSAGES.clearReasonRequired }),
});

/** The name of one signal's clear form in the action's answer (a page shows one form per open signal). */
export function clearSignalForm(signalId: unknown): string {
  return `clear-signal-${typeof signalId === "string" || typeof signalId === "number" ? signalId : ""}`;
}
