import { tr } from "~/i18n/mark";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";

// The pre-screener's pure parts, shared by the server (prescreener.server.ts) and the form in the
// browser, which checks a page with the same definition the server does.

/** Posted values by question key: what the member entered so far, carried across pages. */
export type FormValues = Record<string, string[]>;

/** Where a pre-screener leads once passed: the survey-taking route finds the assignment again. */
export const surveyStartPath = (surveyId: number) => `/survey/start/${surveyId}`;

export const CONFIRM_MESSAGE = tr("This action cannot be Repeated");

/**
 * A failed pre-screener, in place of the spec's 'PreScreener Failed' and 'Please try again
 * later...': there is no second try, so the page says so and what comes next (decision 077).
 */
export const PRESCREENER_FAILED = {
  title: tr("This survey is closed for you"),
  message: tr(
    "Thank you for your answers. This survey is looking for people with a different profile, so it is closed for you and cannot be taken again. Other surveys will come: they appear on your dashboard as soon as they are ready for you.",
  ),
} as const;

export const CONFIRM_REQUIRED = tr("Tick the box to confirm that you want to submit; this action cannot be repeated.");

/** The definition as the member sees it: questions labelled Q1, Q2 … across all pages. */
export function numberedDefinition(definition: QuestionnaireDefinition): QuestionnaireDefinition {
  let number = 0;
  return {
    ...definition,
    pages: definition.pages.map((page) => ({
      ...page,
      questions: page.questions.map((question) => ({ ...question, label: `Q${(number += 1)}. ${question.label}` })),
    })),
  };
}
