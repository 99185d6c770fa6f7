// Reconciliation files (docs/decisions/061-reconciliation.md), shared by the server and the page:
// the reason codes a buyer gives for a reversal, each with the sentence the member reads in Points
// History, the limits of a file and the page's messages.
import { tr } from "~/i18n/mark";

/**
 * Why a complete was reversed: the code in the file, and what the member reads (in Points History
 * and the mail about it, in their language: marked to translate).
 */
export const REVERSAL_REASONS = {
  speeding: tr("You answered too quickly for your answers to count."),
  straightlining: tr("You gave the same answer to a whole list of questions."),
  duplicate: tr("This survey was answered more than once from your account or device."),
  quality: tr("Your answers did not pass the researcher's quality checks."),
  fraud: tr("The researcher found answers that were not genuine."),
  other: tr("The researcher did not accept this complete."),
} as const;

export type ReversalReason = keyof typeof REVERSAL_REASONS;
export const REVERSAL_REASON_CODES = Object.keys(REVERSAL_REASONS) as ReversalReason[];

export const isReversalReason = (value: string): value is ReversalReason => Object.hasOwn(REVERSAL_REASONS, value);

/**
 * Most rows in one file. A row is a 32-character token, a status and a reason (about 50 bytes), so
 * a full file stays well inside a form post's 64 KB, and the preview re-posts it once more.
 */
export const MAX_RECONCILIATION_ROWS = 1_000;
/** The preview's Apply form carries the file again: a file above this would not fit the post. */
export const MAX_RECONCILIATION_BYTES = 60 * 1024;

export const RECONCILIATION_FILE_HELP =
  "A reconciliation file is a CSV with a header row naming the columns token (the respondent token), status (approved or reversed) and reason (a reversal's reason code).";

export const RECONCILIATION_MESSAGES = {
  fileRequired: "Choose the buyer's reconciliation file (CSV) to preview.",
  tooLarge: `The file is larger than ${MAX_RECONCILIATION_BYTES / 1024} KB. Split it into smaller files and reconcile them one after another.`,
  changedSincePreview:
    "This is not the file you previewed (it changed, or the page is old). Upload it again to see a new preview; nothing was changed.",
} as const;
