import type { QualitySignalKind } from "~/generated/prisma/enums";

// The quality score of a member (issue 20 point 2, docs/decisions/069-quality-signals.md), in one
// place. A member starts at 100; each OPEN signal takes off its kind's weight, counting at most `cap`
// signals of a kind (a member who sped through three surveys is not judged more harshly for the
// fourth: by then a hold is already in place); the score never goes below 0. Cleared signals count
// for nothing. The same open signals always give the same score: nothing depends on time or order.

export const QUALITY_WEIGHTS: Record<QualitySignalKind, { weight: number; cap: number }> = {
  // Another account on the same payout destination: the panel would pay one person twice.
  shared_payout: { weight: 40, cap: 1 },
  // Another account signed in on the same browser: most likely a second account of one person.
  shared_device: { weight: 25, cap: 1 },
  // The same phone number on another account.
  shared_phone: { weight: 20, cap: 1 },
  // One of many accounts registered from one network address in a short time (weak on its own:
  // a carrier's address is shared by many honest members).
  registration_burst: { weight: 10, cap: 1 },
  // A failed attention check: the survey ended as a quality termination.
  attention_check: { weight: 20, cap: 2 },
  // A complete faster than a third of the survey's median length.
  speeder: { weight: 15, cap: 3 },
  // The same option on every question of a page of four or more choice questions.
  straight_answers: { weight: 10, cap: 3 },
  // A new country after earning points: another country's surveys, profile sets and minimum
  // withdrawal (decision 078). Honest members move too, so one is enough to ask, not to judge.
  country_changed: { weight: 15, cap: 1 },
};

export const MAX_QUALITY_SCORE = 100;

/** Open signals counted by kind. */
export type OpenSignalCounts = Partial<Record<QualitySignalKind, number>>;

export function qualityScore(open: OpenSignalCounts): number {
  let score = MAX_QUALITY_SCORE;
  for (const [kind, count] of Object.entries(open) as [QualitySignalKind, number][]) {
    const { weight, cap } = QUALITY_WEIGHTS[kind];
    score -= weight * Math.min(Math.max(count, 0), cap);
  }
  return Math.max(0, score);
}
