import type { WithdrawalStatus } from "~/generated/prisma/enums";
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
  { value: "pending", label: "Pending", memberLabel: "Pending payment" },
  { value: "held", label: "Held for review", memberLabel: "Held for review" },
  { value: "approved", label: "Approved (awaiting payout)", memberLabel: "Pending payment" },
  { value: "sent", label: "Sent", memberLabel: "Sent" },
  { value: "success", label: "Success", memberLabel: "Paid out" },
  { value: "rejected", label: "Rejected", memberLabel: "Rejected" },
  { value: "returned", label: "Returned", memberLabel: "Returned" },
] as const satisfies readonly { value: WithdrawalStatus; label: string; memberLabel: string }[];

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
