import { z } from "zod";
import { plainText } from "~/lib/validation";
import { PAYOUT_METHODS, payoutReferenceField } from "./withdrawal-schema";

// The payout batch forms, shared by the server and the browser (decision 054): a new batch (the
// method and the ticked withdrawals), a payout's result typed by hand (paid with its reference, or
// failed with the reason the member reads), and the provider's result file.

/** Most withdrawals in one batch: its result file then stays well inside a form post's 64 KB. */
export const MAX_BATCH_SIZE = 500;

export const MAX_RETURN_REASON = 300;

export const RESULT_FILE_HELP =
  "A result file is a CSV with a header row naming the columns reference (or sender item id), status and transaction id, and optionally reason.";

export const PAYOUT_BATCH_MESSAGES = {
  noneChosen: "Tick at least one withdrawal to put in the batch.",
  tooMany: `A batch holds at most ${MAX_BATCH_SIZE} withdrawals. Tick fewer and make a second batch.`,
  reasonRequired: "Give the reason the payment failed (the member reads it).",
  fileRequired: "Choose the provider's result file (CSV) to upload.",
} as const;

/** A withdrawal's reference as the forms post it (WD + date + 6 symbols). */
const withdrawalReference = z.string().regex(/^WD[0-9A-Z]{6,30}$/, "This withdrawal reference is not valid.");

export const payoutMethodSchema = z.enum(PAYOUT_METHODS);

export const createPayoutBatchSchema = z.object({
  method: payoutMethodSchema,
  withdrawals: z
    .array(withdrawalReference, { required_error: PAYOUT_BATCH_MESSAGES.noneChosen })
    .min(1, PAYOUT_BATCH_MESSAGES.noneChosen)
    .max(MAX_BATCH_SIZE, PAYOUT_BATCH_MESSAGES.tooMany),
});

export const recordPaidSchema = z.object({
  withdrawal: withdrawalReference,
  payoutReference: payoutReferenceField,
});

export const recordFailedSchema = z.object({
  withdrawal: withdrawalReference,
  reason: plainText({ max: MAX_RETURN_REASON, required: PAYOUT_BATCH_MESSAGES.reasonRequired }),
});
