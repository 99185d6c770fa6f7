import { tr } from "~/i18n/mark";

// The spec's assignment status codes (Assignment.status), in one place for every module that
// reads or changes them.

export const ASSIGNMENT_STATUS = {
  assigned: 1,
  started: 2,
  complete: 3,
  rejectedTerm: 4,
  notAllowed: 5,
  rejected: 6,
  paused: 7,
} as const;

export type AssignmentStatus = (typeof ASSIGNMENT_STATUS)[keyof typeof ASSIGNMENT_STATUS];

// Marked for translation (decision 074): a member reads them where a survey's result was already recorded.
export const ASSIGNMENT_STATUS_LABEL: Record<AssignmentStatus, string> = {
  1: tr("Assigned"),
  2: tr("Started"),
  3: tr("Complete"),
  4: tr("Rejected term"),
  5: tr("Not Allowed"),
  6: tr("Rejected"),
  7: tr("Paused"),
};

/**
 * An assignment still open: at most one per (survey, member), enforced by the partial unique index
 * "Assignment_one_open_per_survey_member". Every other status has ended.
 */
export const OPEN_STATUSES: readonly AssignmentStatus[] = [
  ASSIGNMENT_STATUS.assigned,
  ASSIGNMENT_STATUS.started,
  ASSIGNMENT_STATUS.paused,
];
