import { describe, expect, test } from "vitest";
import { MAX_QUALITY_SCORE, QUALITY_WEIGHTS, qualityScore } from "~/domain/quality-score";
import { QUALITY_SIGNAL_LABEL, qualitySignalSentence } from "~/domain/quality-signals";

// The quality score's formula (decision 069): 100 minus each open signal's weight, a kind counted at
// most `cap` times, never below 0; the same signals always give the same score.

describe("the quality score", () => {
  test("a member without open signals scores 100", () => {
    expect(qualityScore({})).toBe(MAX_QUALITY_SCORE);
  });

  test("each open signal takes off its kind's weight", () => {
    expect(qualityScore({ shared_device: 1 })).toBe(75);
    expect(qualityScore({ shared_device: 1, speeder: 1 })).toBe(60);
    expect(qualityScore({ shared_payout: 1, straight_answers: 2 })).toBe(40);
  });

  test("a kind counts at most its cap", () => {
    expect(qualityScore({ speeder: 3 })).toBe(55);
    expect(qualityScore({ speeder: 9 })).toBe(55);
    expect(qualityScore({ shared_device: 4 })).toBe(75);
  });

  test("never below 0", () => {
    expect(qualityScore({ shared_payout: 1, shared_device: 1, shared_phone: 1, attention_check: 2, speeder: 3 })).toBe(
      0,
    );
  });

  test("the same signals in any order give the same score", () => {
    const a = qualityScore({ speeder: 2, shared_phone: 1, registration_burst: 1 });
    const b = qualityScore({ registration_burst: 1, shared_phone: 1, speeder: 2 });
    expect(a).toBe(b);
    expect(a).toBe(100 - 30 - 20 - 10);
  });

  test("every kind has a weight, a label and a sentence", () => {
    for (const kind of Object.keys(QUALITY_WEIGHTS) as (keyof typeof QUALITY_WEIGHTS)[]) {
      expect(QUALITY_WEIGHTS[kind].weight).toBeGreaterThan(0);
      expect(QUALITY_SIGNAL_LABEL[kind]).toBeTruthy();
      expect(qualitySignalSentence(kind, {})).toMatch(/\.$/);
    }
  });

  test("the sentences name the evidence in plain words", () => {
    expect(qualitySignalSentence("shared_device", { otherMemberIds: [12, 40] })).toBe(
      "Signed in on a browser that members #12, #40 also signed in on.",
    );
    expect(
      qualitySignalSentence("speeder", { surveyId: 3, surveyName: "Cars", seconds: 120, medianSeconds: 540 }),
    ).toBe("Completed “Cars” (survey 3) in 2 minutes, under a third of its median of 9 minutes.");
  });
});
