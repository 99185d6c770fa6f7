// What points are worth and the least a member may withdraw. The spec gives no figures ("the
// minimum withdrawal amount: not shown", "the payout threshold varies by country"), so they are
// configuration with defaults (docs/decisions/026-withdrawals.md, README's configuration table):
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

export const PAYOUT_DEFAULTS = {
  POINTS_PER_RUPEE: 10,
  MIN_WITHDRAWAL_POINTS: 1000,
  ASSIGNMENT_POINTS_CAP: 10_000,
  FOUR_EYES_THRESHOLD_RUPEES: 5000,
  SURVEY_SECRET_GRACE_HOURS: 24,
} as const;

// Upper bounds that keep every amount well inside a 32-bit column: a withdrawal is at most the
// balance, and points × 100 paise stays a safe integer.
const MAX_POINTS_PER_RUPEE = 100_000;
const MAX_MINIMUM_POINTS = 100_000_000;
// The assign form's own bound (MAX_ASSIGN_POINTS): a cap above it would never bite.
const MAX_ASSIGNMENT_POINTS_CAP = 1_000_000;
// ₹1 crore: thresholds × 100 paise stay far inside a 32-bit amount column.
const MAX_FOUR_EYES_RUPEES = 10_000_000;
const MAX_GRACE_HOURS = 24 * 30;

/** The settings from an environment (process.env by default), or one error listing every bad value. */
export function parsePayoutConfig(env: Record<string, string | undefined>): PayoutConfig {
  const problems: string[] = [];
  const whole = (name: string, fallback: number, max: number, min = 1) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name}: must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return Number(raw);
  };
  const pointsPerRupee = whole("POINTS_PER_RUPEE", PAYOUT_DEFAULTS.POINTS_PER_RUPEE, MAX_POINTS_PER_RUPEE);
  const minimumPoints = whole("MIN_WITHDRAWAL_POINTS", PAYOUT_DEFAULTS.MIN_WITHDRAWAL_POINTS, MAX_MINIMUM_POINTS);
  const assignmentPointsCap = whole("ASSIGNMENT_POINTS_CAP", PAYOUT_DEFAULTS.ASSIGNMENT_POINTS_CAP, MAX_ASSIGNMENT_POINTS_CAP);
  // 0 is allowed: every withdrawal then needs two admins.
  const fourEyesRupees = whole("FOUR_EYES_THRESHOLD_RUPEES", PAYOUT_DEFAULTS.FOUR_EYES_THRESHOLD_RUPEES, MAX_FOUR_EYES_RUPEES, 0);
  const graceHours = whole("SURVEY_SECRET_GRACE_HOURS", PAYOUT_DEFAULTS.SURVEY_SECRET_GRACE_HOURS, MAX_GRACE_HOURS, 0);

  const minimumPointsByCountry: Record<string, number> = {};
  const list = env.MIN_WITHDRAWAL_POINTS_BY_COUNTRY?.trim();
  for (const item of list ? list.split(",") : []) {
    const match = /^\s*([A-Za-z]{2})\s*=\s*(\d+)\s*$/.exec(item);
    const points = match ? Number(match[2]) : NaN;
    const code = match?.[1].toUpperCase() ?? "";
    if (!match || points < 1 || points > MAX_MINIMUM_POINTS) {
      problems.push(
        `MIN_WITHDRAWAL_POINTS_BY_COUNTRY: "${item.trim()}" is not COUNTRY=POINTS (a two-letter code and a whole number from 1 to ${MAX_MINIMUM_POINTS}), e.g. "US=2000,GB=1500"`,
      );
    } else if (code in minimumPointsByCountry) {
      problems.push(`MIN_WITHDRAWAL_POINTS_BY_COUNTRY: ${code} is given twice`);
    } else {
      minimumPointsByCountry[code] = points;
    }
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
  return {
    pointsPerRupee,
    minimumPoints,
    minimumPointsByCountry,
    assignmentPointsCap,
    fourEyesThresholdMinor: fourEyesRupees * 100,
    secretGraceMs: graceHours * 60 * 60 * 1000,
  };
}

let cached: PayoutConfig | undefined;

/** The settings of this process, read and checked once. */
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

// Checked as the server starts (its build imports every module at once), so a bad value stops the
// app with a message naming the variable, like every other setting, rather than failing a page later.
getPayoutConfig();
