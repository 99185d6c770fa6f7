import { z } from "zod";
import { MAX_ID } from "~/lib/ids";

// What the assign pages share between the server and the browser: the assign form's schema (the
// spec's payload names survey_id, screener_id, points, user) and the messages. No server-only
// imports here. See docs/decisions/021-assignment.md.

export const MAX_ASSIGN_POINTS = 1_000_000;

export const ASSIGN_MESSAGES = {
  pointsRequired: "Enter the points for this assignment.",
  pointsWhole: "Enter a whole number of points.",
  pointsRange: `Enter points from 0 to ${MAX_ASSIGN_POINTS.toLocaleString("en-US")}.`,
  userRequired: "Enter a user id, or tick 'Assign to all Users'.",
  userFormat: "Enter a user id: a whole number.",
  userUnknown: "No member has this user id.",
  userClosed: "This member's account is closed: it gets no new surveys.",
  alreadyAssigned: "Already assigned: this member has this survey open.",
  screenerFormat: "Choose a screener from the list.",
  screenerUnknown: "Choose a screener from the list.",
  questionUnknown: "Choose a question from the list.",
  optionRequired: "Choose an option of this question.",
  optionUnknown: "Choose an option of the chosen question.",
  confirmRequired: "Tick the box to confirm.",
} as const;

const id = (message: string) =>
  z.number({ invalid_type_error: message }).int(message).positive(message).max(MAX_ID, message);

export const points = z
  .number({ required_error: ASSIGN_MESSAGES.pointsRequired, invalid_type_error: ASSIGN_MESSAGES.pointsWhole })
  .int(ASSIGN_MESSAGES.pointsWhole)
  .min(0, ASSIGN_MESSAGES.pointsRange)
  .max(MAX_ASSIGN_POINTS, ASSIGN_MESSAGES.pointsRange);

/** The count a confirmation step posts back (hidden); absent on the first post. */
export const confirmedCount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional();

/**
 * The assign form. The user check sits in a refinement so that it only applies when 'Assign to all
 * Users' is not ticked; a ticked box wins over a typed id (the id is then ignored).
 */
export const assignSchema = z
  .object({
    survey_id: id("Choose a survey."),
    screener_id: id(ASSIGN_MESSAGES.screenerFormat).optional(),
    points,
    user: id(ASSIGN_MESSAGES.userFormat).optional(),
    all_users: z.boolean().optional(),
    /** Posted by the confirmation step: the audience's size the admin saw and confirmed. */
    confirmed_count: confirmedCount,
  })
  .superRefine((value, context) => {
    if (!value.all_users && value.user === undefined) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["user"], message: ASSIGN_MESSAGES.userRequired });
    }
  });

export type AssignInput = z.infer<typeof assignSchema>;
