import { tr } from "~/i18n/mark";
import { QUALITY_TERMINATION_REASON } from "./appeal-schema";
import { ASSIGNMENT_STATUS, ASSIGNMENT_STATUS_LABEL, type AssignmentStatus } from "./assignment-status";

// Survey History in the member's words (issue 21 point 6, decision 077): how each ended survey
// ended, why when it is not obvious, and what it paid, from the assignment's status and outcome
// and the ledger entries linked to it. Pure, so the words are tested without a database.

export const HISTORY_OUTCOME = {
  completed: tr("Completed"),
  screenedOut: tr("Screened out"),
  overQuota: tr("Over quota"),
  rejected: tr("Rejected"),
} as const;

export const HISTORY_REASONS = {
  prescreener: tr("Your answers to the pre-screener did not match the people this survey is looking for."),
  overQuota: tr("The survey already had all the answers it needed."),
  security: tr("The survey's return link could not be verified, so no reward was paid."),
} as const;

type Outcome = "complete" | "terminate" | "over_quota" | "quality" | "security";

/**
 * How an ended assignment ended (status 3 to 6 and the outcome the survey's end recorded), and
 * the reason shown under it when the word alone does not say it. A pre-screener failure is 5 Not
 * Allowed without an outcome; a vendor's screen-out is 4 Rejected term.
 */
export function historyOutcome(status: number, outcome: Outcome | null): { outcome: string; reason: string | null } {
  // The outcome the survey's end recorded says more than the status it shares with others.
  if (outcome === "quality") return { outcome: HISTORY_OUTCOME.rejected, reason: QUALITY_TERMINATION_REASON };
  if (outcome === "security") return { outcome: HISTORY_OUTCOME.rejected, reason: HISTORY_REASONS.security };
  if (outcome === "over_quota") return { outcome: HISTORY_OUTCOME.overQuota, reason: HISTORY_REASONS.overQuota };
  if (status === ASSIGNMENT_STATUS.complete) return { outcome: HISTORY_OUTCOME.completed, reason: null };
  if (status === ASSIGNMENT_STATUS.rejectedTerm) return { outcome: HISTORY_OUTCOME.screenedOut, reason: null };
  if (status === ASSIGNMENT_STATUS.notAllowed) {
    return { outcome: HISTORY_OUTCOME.screenedOut, reason: HISTORY_REASONS.prescreener };
  }
  if (status === ASSIGNMENT_STATUS.rejected) return { outcome: HISTORY_OUTCOME.rejected, reason: null };
  return { outcome: ASSIGNMENT_STATUS_LABEL[status as AssignmentStatus] ?? tr("Ended"), reason: null };
}

/** A ledger entry linked to the assignment that counts towards its reward. */
export interface RewardEntry {
  change: number;
  type: string;
  status: string;
  source: string;
  remark?: string;
}

const APPEAL_RETURN_PREFIX = "Appeal granted: ";

/**
 * The remark of points a granted appeal returned (appeals.server.ts). A quality termination's are
 * under the source "appeal:…"; a reversal's are the complete's next re-credit (decision 073), which
 * only this remark tells apart from a re-credit by the buyer's file.
 */
export const appealReturnRemark = (points: number, title: string) =>
  `${APPEAL_RETURN_PREFIX}${points} points returned (${title})`;

/**
 * The points the survey paid in the end (never below 0) and, when that figure alone would hide
 * something (a compensation, a reversal, points returned on appeal), one line per ledger entry in
 * the order they happened. A plain credit needs no line: the figure says it.
 */
export function historyReward(entries: readonly RewardEntry[]): { reward: number; notes: string[] } {
  const reward = Math.max(
    0,
    entries.reduce((sum, entry) => sum + entry.change, 0),
  );
  const plain = entries.length === 1 && entries[0].type === "survey_completion" && entries[0].status !== "reversed";
  return { reward, notes: plain ? [] : entries.map(rewardNote) };
}

/**
 * The reward notes as written (in English); Survey History shows them in the member's language by
 * these templates (member-texts' translateKnown), `{{points}}` being "80 points" or "1 point".
 */
export const REWARD_NOTES = {
  appeal: tr("{{points}} returned after your appeal"),
  time: tr("{{points}} for your time"),
  takenBack: tr("{{points}} taken back"),
  reversed: tr("{{points}} credited, then reversed"),
  credited: tr("{{points}} credited"),
  taken: tr("{{points}} taken"),
  added: tr("{{points}} added"),
} as const;

function rewardNote(entry: RewardEntry): string {
  const points = `${Math.abs(entry.change)} ${Math.abs(entry.change) === 1 ? "point" : "points"}`;
  const note = (template: string) => template.replace("{{points}}", points);
  if (entry.source.startsWith("appeal:") || entry.remark?.startsWith(APPEAL_RETURN_PREFIX)) {
    return note(REWARD_NOTES.appeal);
  }
  if (entry.type === "screenout_compensation") return note(REWARD_NOTES.time);
  if (entry.type === "completion_reversal") return note(REWARD_NOTES.takenBack);
  if (entry.type === "survey_completion") {
    // A reversal against a balance already spent takes nothing back and writes no counter-entry.
    return note(entry.status === "reversed" ? REWARD_NOTES.reversed : REWARD_NOTES.credited);
  }
  return note(entry.change < 0 ? REWARD_NOTES.taken : REWARD_NOTES.added);
}
