import type { MemberStatus, WithdrawalStatus } from "~/generated/prisma/enums";
import { tr } from "~/i18n/mark";

// The one list of withdrawal statuses, in the order of their lifecycle (decision 054), with the
// words admins read (the queue's filter, the request list, the member page) and the words members
// read (the points history). No server-only imports: the queue's filter renders it in the browser.
//
// held ─release after review─▶ pending   (decision 072: a quality hold, before the queue)
//   └──reject──▶ rejected (points back)
// pending ─approve with a reference─▶ success
//    │ └──approve──▶ approved ─batch─▶ sent ─result: paid─▶ success
//    │                                   └───result: failed─▶ returned (points back)
//    └──reject──▶ rejected (points back)
export const WITHDRAWAL_STATUSES = [
  { value: "pending", label: "Pending", memberLabel: tr("Pending payment") },
  { value: "held", label: "Held for review", memberLabel: tr("Held for review") },
  { value: "approved", label: "Approved (awaiting payout)", memberLabel: tr("Pending payment") },
  { value: "sent", label: "Sent", memberLabel: tr("Sent") },
  { value: "success", label: "Success", memberLabel: tr("Paid out") },
  { value: "rejected", label: "Rejected", memberLabel: tr("Rejected") },
  { value: "returned", label: "Returned", memberLabel: tr("Returned") },
] as const satisfies readonly { value: WithdrawalStatus; label: string; memberLabel: string }[];

/**
 * A withdrawal in flight: its points are debited but the money has neither reached the member
 * (success) nor come back (rejected, returned). While one is in flight the member may not delete
 * the account, nor the payout account it is paid to: the outcome must reach a member who can see it.
 */
export const IN_FLIGHT_WITHDRAWAL_STATUSES = [
  "pending",
  "held",
  "approved",
  "sent",
] as const satisfies readonly WithdrawalStatus[];

/**
 * Members whose withdrawals are on hold (decision 051): none is approved or put in a payout batch;
 * an admin rejects them (the points go back) or, for a suspension, reinstates the member.
 */
export const ON_HOLD_MEMBER_STATUSES = ["suspended", "closed"] as const satisfies readonly MemberStatus[];

/** The admins' word for each status; the spec's Pending and Success kept. */
export const WITHDRAWAL_STATUS_LABEL = Object.fromEntries(
  WITHDRAWAL_STATUSES.map(({ value, label }) => [value, label]),
) as Record<WithdrawalStatus, string>;

/** The members' word for each status: the terms' "pending payment" and "paid out". */
export const WITHDRAWAL_MEMBER_STATUS_LABEL = Object.fromEntries(
  WITHDRAWAL_STATUSES.map(({ value, memberLabel }) => [value, memberLabel]),
) as Record<WithdrawalStatus, string>;

/** Why a withdrawal is held (WithdrawalRequest.holdReason), in words that accuse no one. */
export const WITHDRAWAL_HOLD_REASONS = {
  quality_score: {
    admin: "The member's quality score is below the hold threshold.",
    member: tr(
      "We check some withdrawals by hand before paying them, when our automatic checks noticed something about the account (for example a survey answered much faster than usual). An admin will look at it soon; if all is well it is paid as usual.",
    ),
  },
  shared_payout: {
    admin: "The payout destination is also on another member's account.",
    member: tr(
      "This payout account is also on another panel account. We check this before paying, to make sure the money reaches its owner. An admin will look at it soon.",
    ),
  },
} as const;

export type WithdrawalHoldReason = keyof typeof WITHDRAWAL_HOLD_REASONS;

export function holdReasonOf(
  code: string | null | undefined,
): (typeof WITHDRAWAL_HOLD_REASONS)[WithdrawalHoldReason] | null {
  return code && code in WITHDRAWAL_HOLD_REASONS ? WITHDRAWAL_HOLD_REASONS[code as WithdrawalHoldReason] : null;
}
