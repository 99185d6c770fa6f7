import { describe, expect, test } from "vitest";
import { QUALITY_TERMINATION_REASON } from "~/domain/appeal-schema";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { HISTORY_REASONS, historyOutcome, historyReward, type RewardEntry } from "~/domain/survey-history";

// Survey History's words (decision 077): every way a survey ends has a plain outcome, and the
// reward says what the ledger did when the figure alone would hide it.

const { complete, rejectedTerm, notAllowed, rejected } = ASSIGNMENT_STATUS;

describe("historyOutcome", () => {
  test.each([
    [complete, "complete", "Completed", null],
    [rejectedTerm, "terminate", "Screened out", null],
    [notAllowed, null, "Screened out", HISTORY_REASONS.prescreener],
    [notAllowed, "over_quota", "Over quota", HISTORY_REASONS.overQuota],
    [rejected, "quality", "Rejected", QUALITY_TERMINATION_REASON],
    [rejected, "security", "Rejected", HISTORY_REASONS.security],
    [rejected, null, "Rejected", null],
  ] as const)("status %i with outcome %s reads %s", (status, outcome, words, reason) => {
    expect(historyOutcome(status, outcome)).toEqual({ outcome: words, reason });
  });

  test("an over quota at the start (status 5, like a pre-screener failure) is over quota, not screened out", () => {
    expect(historyOutcome(notAllowed, "over_quota").outcome).toBe("Over quota");
  });

  test("a status no ended survey has still gets a word, never a number", () => {
    expect(historyOutcome(7, null).outcome).toBe("Paused");
    expect(historyOutcome(99, null).outcome).toBe("Ended");
  });
});

const entry = (change: number, type: string, overrides: Partial<RewardEntry> = {}): RewardEntry => ({
  change,
  type,
  status: "completed",
  source: `assignment:1:${type}`,
  ...overrides,
});

describe("historyReward", () => {
  test("a plain credit is its figure, without a note", () => {
    expect(historyReward([entry(80, "survey_completion")])).toEqual({ reward: 80, notes: [] });
  });

  test("nothing paid is 0 without a note", () => {
    expect(historyReward([])).toEqual({ reward: 0, notes: [] });
  });

  test("a screen-out's compensation says it was for the member's time", () => {
    expect(historyReward([entry(10, "screenout_compensation")])).toEqual({
      reward: 10,
      notes: ["10 points for your time"],
    });
  });

  test("a reversal shows the credit and what was taken back, and pays 0", () => {
    expect(
      historyReward([entry(80, "survey_completion", { status: "reversed" }), entry(-80, "completion_reversal")]),
    ).toEqual({ reward: 0, notes: ["80 points credited, then reversed", "80 points taken back"] });
  });

  test("a reversal against a spent balance took nothing: the points stay, marked reversed", () => {
    expect(historyReward([entry(80, "survey_completion", { status: "reversed" })])).toEqual({
      reward: 80,
      notes: ["80 points credited, then reversed"],
    });
  });

  test("points returned on appeal come last, and count", () => {
    expect(
      historyReward([
        entry(80, "survey_completion", { status: "reversed" }),
        entry(-80, "completion_reversal"),
        entry(80, "admin_adjustment", { source: "appeal:reversal:7" }),
      ]),
    ).toEqual({
      reward: 80,
      notes: ["80 points credited, then reversed", "80 points taken back", "80 points returned after your appeal"],
    });
  });

  test("one point is a point", () => {
    expect(historyReward([entry(1, "screenout_compensation")]).notes).toEqual(["1 point for your time"]);
  });
});
