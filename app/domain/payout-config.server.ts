import { readSettings } from "~/lib/env.server";

// What points are worth and the least a member may withdraw. The spec gives no figures ("the
// minimum withdrawal amount: not shown", "the payout threshold varies by country"), so they are
// configuration, parsed with the others in app/lib/env.server.ts (docs/decisions/026-withdrawals.md,
// README's configuration table):
//   POINTS_PER_RUPEE                   10     100 points = ₹10
//   MIN_WITHDRAWAL_POINTS              1000   the minimum in every country without its own
//   MIN_WITHDRAWAL_POINTS_BY_COUNTRY   none   per-country minimums, e.g. "US=2000,GB=1500"
// Payouts are in rupees (the company is in India), whatever the member's country.
//
// Money controls live here too (docs/decisions/038-money-controls.md): the four-eyes threshold is
// a rupee amount compared with what a withdrawal pays, so it belongs beside the rate that turns
// points into rupees, and the three controls are read and checked together:
//   ASSIGNMENT_POINTS_CAP              10000  points per assignment (and survey) without a super-admin
//   FOUR_EYES_THRESHOLD_RUPEES         5000   a withdrawal paying more (in rupees) needs two admins
//   SURVEY_SECRET_GRACE_HOURS          24     hours a rotated survey return secret keeps verifying

export interface PayoutConfig {
  pointsPerRupee: number;
  minimumPoints: number;
  /** By ISO country code (upper case). */
  minimumPointsByCountry: Readonly<Record<string, number>>;
  /** Points one assignment (or a survey's reward) may carry unless a super-admin sets it. */
  assignmentPointsCap: number;
  /** A withdrawal whose amount is above this, in paise, needs a second admin. */
  fourEyesThresholdMinor: number;
  /** How long a rotated return secret keeps verifying, in milliseconds. */
  secretGraceMs: number;
}

const PAYOUT_SETTINGS = [
  "POINTS_PER_RUPEE",
  "MIN_WITHDRAWAL_POINTS",
  "MIN_WITHDRAWAL_POINTS_BY_COUNTRY",
  "ASSIGNMENT_POINTS_CAP",
  "FOUR_EYES_THRESHOLD_RUPEES",
  "SURVEY_SECRET_GRACE_HOURS",
] as const;

/**
 * The settings from an environment (process.env by default), parsed by the configuration module
 * (app/lib/env.server.ts, which has the defaults and bounds), or one error listing every bad value.
 */
export function parsePayoutConfig(env: Record<string, string | undefined>): PayoutConfig {
  const settings = readSettings(PAYOUT_SETTINGS, env);
  return {
    pointsPerRupee: settings.POINTS_PER_RUPEE,
    minimumPoints: settings.MIN_WITHDRAWAL_POINTS,
    minimumPointsByCountry: settings.MIN_WITHDRAWAL_POINTS_BY_COUNTRY,
    assignmentPointsCap: settings.ASSIGNMENT_POINTS_CAP,
    fourEyesThresholdMinor: settings.FOUR_EYES_THRESHOLD_RUPEES * 100,
    secretGraceMs: settings.SURVEY_SECRET_GRACE_HOURS * 60 * 60 * 1000,
  };
}

let cached: PayoutConfig | undefined;

/** The settings of this process, read and checked once (npm start checks them before it serves). */
export function getPayoutConfig(): PayoutConfig {
  cached ??= parsePayoutConfig(process.env);
  return cached;
}

/** The least a member of this country may withdraw, in points. */
export function minimumWithdrawalPoints(config: PayoutConfig, country: string | null): number {
  const code = country?.trim().toUpperCase() ?? "";
  return config.minimumPointsByCountry[code] ?? config.minimumPoints;
}

/** What points are worth in paise, rounded down to a whole paisa (the member is never overpaid). */
export function pointsToPaise(config: PayoutConfig, points: number): number {
  return Math.floor((points * 100) / config.pointsPerRupee);
}
