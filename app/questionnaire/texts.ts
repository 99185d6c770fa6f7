import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

// The questionnaires' words in the member's language (decision 074): the engine's own texts and the
// built-in questionnaires' titles, questions and options, in the `questionnaire` namespace. Light on
// purpose (no zod, no conform): the profile hub shows the built-ins' titles with it.

/**
 * A text of a questionnaire's definition (a title, a question, an option) in the page's language.
 * The built-ins' texts have their Hindi (marked with tr() in app/domain/profile-questionnaires.ts);
 * an admin's texts have none and stay as written, never read as a template.
 */
export function definitionText(t: TFunction, text: string): string {
  return t(text, { skipInterpolation: true });
}

/**
 * `useTranslation()` that also loads the `questionnaire` namespace when the page was reached by a
 * link from one that did not need it (a route's handle.i18n loads it only with the first page). The
 * lookup is the usual one: `common`, then every namespace loaded.
 */
export function useQuestionnaireTranslation() {
  return useTranslation(QUESTIONNAIRE_NAMESPACES);
}

const QUESTIONNAIRE_NAMESPACES = ["common", "questionnaire"];

/** The handle of a route that shows questionnaires: its page loads their texts in the browser. */
export const questionnaireHandle = { i18n: ["questionnaire"] };
