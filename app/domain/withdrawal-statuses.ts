import type { WithdrawalStatus } from "~/generated/prisma/enums";

// The one list of withdrawal statuses, in the order of their lifecycle (decision 054), with the
// words admins read (the queue's filter, the request list, the member page) and the words members
// read (the points history). No server-only imports: the queue's filter renders it in the browser.
//
// pending ─approve with a reference─▶ success
//    │ └──approve──▶ approved ─batch─▶ sent ─result: paid─▶ success
//    │                                   └───result: failed─▶ returned (points back)
//    └──reject──▶ rejected (points back)
export const WITHDRAWAL_STATUSES = [
  { value: "pending", label: "Pending", memberLabel: "Pending payment" },
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
