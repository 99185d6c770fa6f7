import { describe, expect, test } from "vitest";
import { minimumWithdrawalPoints, parsePayoutConfig, pointsToPaise } from "~/domain/payout-config.server";
import { readSettings } from "~/lib/env.server";
import { withdrawalSchema } from "~/domain/withdrawal-schema";

// The payout settings: documented defaults, per-country minimums, one clear error for bad values,
// and conversions that never overpay.

describe("parsePayoutConfig", () => {
  test("defaults: 10 points a rupee, 1,000 points minimum everywhere", () => {
    expect(parsePayoutConfig({})).toEqual({
      pointsPerRupee: 10,
      minimumPoints: 1000,
      minimumPointsByCountry: {},
      assignmentPointsCap: 10_000,
      fourEyesThresholdMinor: 500_000,
      secretGraceMs: 24 * 3_600_000,
    });
    const names = [
      "POINTS_PER_RUPEE",
      "MIN_WITHDRAWAL_POINTS",
      "ASSIGNMENT_POINTS_CAP",
      "FOUR_EYES_THRESHOLD_RUPEES",
      "SURVEY_SECRET_GRACE_HOURS",
    ] as const;
    expect(readSettings(names, {})).toEqual({
      POINTS_PER_RUPEE: 10,
      MIN_WITHDRAWAL_POINTS: 1000,
      ASSIGNMENT_POINTS_CAP: 10_000,
      FOUR_EYES_THRESHOLD_RUPEES: 5000,
      SURVEY_SECRET_GRACE_HOURS: 24,
    });
    // An empty variable is the same as an unset one.
    expect(
      parsePayoutConfig({ POINTS_PER_RUPEE: "", MIN_WITHDRAWAL_POINTS: " ", MIN_WITHDRAWAL_POINTS_BY_COUNTRY: "" }),
    ).toEqual(parsePayoutConfig({}));
  });

  test("values and per-country minimums, codes in any case and spacing", () => {
    const config = parsePayoutConfig({
      POINTS_PER_RUPEE: "4",
      MIN_WITHDRAWAL_POINTS: "500",
      MIN_WITHDRAWAL_POINTS_BY_COUNTRY: " us=2000 , GB = 1500",
    });
    expect(config).toMatchObject({
      pointsPerRupee: 4,
      minimumPoints: 500,
      minimumPointsByCountry: { US: 2000, GB: 1500 },
    });
    expect(minimumWithdrawalPoints(config, "US")).toBe(2000);
    expect(minimumWithdrawalPoints(config, "gb")).toBe(1500);
    expect(minimumWithdrawalPoints(config, "IN")).toBe(500);
    expect(minimumWithdrawalPoints(config, null)).toBe(500);
  });

  test("money controls: the cap in points, the four-eyes threshold in rupees (kept in paise), the grace in hours", () => {
    expect(
      parsePayoutConfig({
        ASSIGNMENT_POINTS_CAP: "2500",
        FOUR_EYES_THRESHOLD_RUPEES: "0",
        SURVEY_SECRET_GRACE_HOURS: "0",
      }),
    ).toMatchObject({ assignmentPointsCap: 2500, fourEyesThresholdMinor: 0, secretGraceMs: 0 });
    expect(() =>
      parsePayoutConfig({
        ASSIGNMENT_POINTS_CAP: "0",
        FOUR_EYES_THRESHOLD_RUPEES: "5k",
        SURVEY_SECRET_GRACE_HOURS: "721",
      }),
    ).toThrow(
      [
        "Invalid configuration:",
        '  ASSIGNMENT_POINTS_CAP: must be a whole number from 1 to 1000000, got "0"',
        '  FOUR_EYES_THRESHOLD_RUPEES: must be a whole number from 0 to 10000000, got "5k"',
        '  SURVEY_SECRET_GRACE_HOURS: must be a whole number from 0 to 720, got "721"',
      ].join("\n"),
    );
  });

  test("every bad value is named in one error", () => {
    const parse = () =>
      parsePayoutConfig({
        POINTS_PER_RUPEE: "0",
        MIN_WITHDRAWAL_POINTS: "1e3",
        MIN_WITHDRAWAL_POINTS_BY_COUNTRY: "US=2000,India=100,GB=0,US=10",
      });
    expect(parse).toThrow(
      [
        "Invalid configuration:",
        '  POINTS_PER_RUPEE: must be a whole number from 1 to 100000, got "0"',
        '  MIN_WITHDRAWAL_POINTS: must be a whole number from 1 to 100000000, got "1e3"',
        '  MIN_WITHDRAWAL_POINTS_BY_COUNTRY: "India=100" is not COUNTRY=POINTS (a two-letter code and a whole number from 1 to 100000000), e.g. "US=2000,GB=1500"',
        '  MIN_WITHDRAWAL_POINTS_BY_COUNTRY: "GB=0" is not COUNTRY=POINTS (a two-letter code and a whole number from 1 to 100000000), e.g. "US=2000,GB=1500"',
        "  MIN_WITHDRAWAL_POINTS_BY_COUNTRY: US is given twice",
      ].join("\n"),
    );
    expect(() => parsePayoutConfig({ POINTS_PER_RUPEE: "-10" })).toThrow(/POINTS_PER_RUPEE/);
    expect(() => parsePayoutConfig({ POINTS_PER_RUPEE: "2.5" })).toThrow(/POINTS_PER_RUPEE/);
  });
});

describe("pointsToPaise", () => {
  test("100 points are ₹10 by default; fractions of a paisa are dropped", () => {
    expect(pointsToPaise(parsePayoutConfig({}), 100)).toBe(1000);
    expect(pointsToPaise(parsePayoutConfig({}), 1)).toBe(10);
    expect(pointsToPaise(parsePayoutConfig({ POINTS_PER_RUPEE: "3" }), 100)).toBe(3333);
    expect(pointsToPaise(parsePayoutConfig({ POINTS_PER_RUPEE: "1000" }), 5)).toBe(0);
  });
});

describe("withdrawalSchema", () => {
  const schema = withdrawalSchema({ minimum: 1000, balance: 2500 });

  test("a whole number from the minimum to the balance, and a known method", () => {
    expect(schema.safeParse({ points: 1000, method: "upi" }).success).toBe(true);
    expect(schema.safeParse({ points: 2500, method: "bank" }).success).toBe(true);
    const messages = (value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages({ points: 999, method: "upi" })).toEqual(["The minimum withdrawal is 1,000 points."]);
    expect(messages({ points: 2501, method: "upi" })).toEqual([
      "You cannot withdraw more than your balance of 2,500 points.",
    ]);
    expect(messages({ points: 1000.5, method: "upi" })).toEqual(["Enter a whole number of points."]);
    expect(messages({ method: "upi" })).toEqual(["Enter the points to withdraw."]);
    expect(messages({ points: 1000, method: "cash" })).toEqual(["Choose the account to pay into."]);
    expect(messages({ points: 1000 })).toEqual(["Choose the account to pay into."]);
  });
});
