import type { Admin } from "~/generated/prisma/client";
import { getPayoutConfig, type PayoutConfig } from "./payout-config.server";

// The points cap (docs/decisions/038-money-controls.md): one assignment, or a survey's reward for a
// complete, carries at most ASSIGNMENT_POINTS_CAP points unless a super-admin sets it. Every path
// that sets points (survey create and edit, profile survey set create, assign to one member, to
// all, by demographics, reassign) asks here, so the rule and its message are the same everywhere.
// A super-admin above the cap is allowed, and the audit entry of that change says so (capDetails).

type Setter = Pick<Admin, "isSuperAdmin">;

/** The message for a non-super-admin above the cap, or null when the points are allowed. */
export function pointsCapError(admin: Setter, points: number, config: PayoutConfig = getPayoutConfig()): string | null {
  if (admin.isSuperAdmin || points <= config.assignmentPointsCap) return null;
  const cap = config.assignmentPointsCap.toLocaleString("en-US");
  return `At most ${cap} points without a super-admin. Enter ${cap} or fewer, or ask a super-admin to set more.`;
}

/** What the audit entry adds when points above the cap were allowed (a super-admin's choice). */
export function capDetails(points: number, config: PayoutConfig = getPayoutConfig()) {
  return points > config.assignmentPointsCap ? { aboveCap: true, cap: config.assignmentPointsCap } : {};
}

/** The line under a points field that tells this admin the cap before they meet it. */
export function pointsCapHint(admin: Setter, config: PayoutConfig = getPayoutConfig()): string {
  const cap = config.assignmentPointsCap.toLocaleString("en-US");
  return admin.isSuperAdmin
    ? `Above ${cap} points is allowed for super-admins and marked in the audit log.`
    : `At most ${cap} points without a super-admin.`;
}
