import type { QualitySignalKind } from "~/generated/prisma/enums";

// What each quality signal means, in plain words for the admins (issue 20 point 1,
// docs/decisions/069-quality-signals.md). The evidence is what a signal stores besides its kind and
// subject: only what an admin needs to judge it, never a raw device id, address or payout detail.

export type SignalEvidence = {
  /** Other members who share the device, payout destination or phone. */
  otherMemberIds?: number[];
  /** shared_payout: which kind of destination (PayPal, UPI, bank). */
  method?: string;
  /** registration_burst: how many accounts came from the address within the window. */
  count?: number;
  windowMinutes?: number;
  /** Survey signals: the survey and the assignment they come from. */
  surveyId?: number;
  surveyName?: string;
  assignmentId?: number;
  /** speeder: the complete's length and the survey's median length, in seconds. */
  seconds?: number;
  medianSeconds?: number;
  /** attention_check: the check question's code; straight_answers: the page's question codes. */
  questionCode?: string;
  questionCodes?: string[];
  /** country_changed: the country codes before and after, and the points the member had earned. */
  fromCountry?: string;
  toCountry?: string;
  pointsEarned?: number;
};

export const QUALITY_SIGNAL_LABEL: Record<QualitySignalKind, string> = {
  shared_device: "Shared device",
  shared_payout: "Shared payout destination",
  shared_phone: "Shared phone number",
  registration_burst: "Registration burst",
  speeder: "Speeder",
  attention_check: "Failed attention check",
  straight_answers: "Straight answers",
  country_changed: "Changed country",
};

const members = (ids: number[] | undefined) => {
  const list = (ids ?? []).map((id) => `#${id}`);
  if (list.length === 0) return "another member";
  return `${list.length === 1 ? "member" : "members"} ${list.join(", ")}`;
};

const minutes = (seconds: number | undefined) => {
  if (seconds === undefined) return "an unknown time";
  if (seconds < 90) return `${Math.round(seconds)} seconds`;
  return `${Math.round(seconds / 60)} minutes`;
};

const survey = (evidence: SignalEvidence) =>
  evidence.surveyName ? `“${evidence.surveyName}” (survey ${evidence.surveyId})` : `survey ${evidence.surveyId ?? "?"}`;

/** One sentence that says what the panel saw, for the member page and the approval screen. */
export function qualitySignalSentence(kind: QualitySignalKind, evidence: SignalEvidence): string {
  switch (kind) {
    case "shared_device":
      return `Signed in on a browser that ${members(evidence.otherMemberIds)} also signed in on.`;
    case "shared_payout":
      return `Has a ${evidence.method ?? "payout"} destination that ${members(evidence.otherMemberIds)} also added.`;
    case "shared_phone":
      return `Gave a phone number that ${members(evidence.otherMemberIds)} also gave.`;
    case "registration_burst":
      return `Registered from a network address that ${evidence.count ?? "several"} accounts registered from within ${evidence.windowMinutes ?? 60} minutes. Many members can share one mobile carrier's address, so this alone proves little.`;
    case "speeder":
      return `Completed ${survey(evidence)} in ${minutes(evidence.seconds)}, under a third of its median of ${minutes(evidence.medianSeconds)}.`;
    case "attention_check":
      return `Failed the attention check${evidence.questionCode ? ` (question ${evidence.questionCode})` : ""} of ${survey(evidence)}; the survey ended as a quality termination.`;
    case "straight_answers":
      return `Chose the same option on all ${evidence.questionCodes?.length ?? "the"} choice questions of a page of ${survey(evidence)}.`;
    case "country_changed":
      return `Changed their country from ${evidence.fromCountry ?? "?"} to ${evidence.toCountry ?? "?"} after earning ${evidence.pointsEarned ?? "some"} points. Surveys, profile sets and the minimum withdrawal follow the country; a member who moved says so.`;
  }
}
