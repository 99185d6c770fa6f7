import {
  attentionCheckPass,
  SINGLE_CHOICE_TYPES,
  type Answers,
  type QuestionDefinition,
  type QuestionnaireDefinition,
} from "~/questionnaire/definition";

// What a hosted survey's answers say about their quality (issue 20 point 1,
// docs/decisions/071-survey-quality-checks.md). Pure: the survey's answers are judged here, and
// survey-quality.server.ts raises the signals in the transaction that ends the assignment.

/** A page needs at least this many answered single-choice questions before the same answer to all of them counts. */
export const STRAIGHT_ANSWER_MIN_QUESTIONS = 4;

/**
 * The first attention check the answers fail, or null. A check the member was not shown (its
 * shown-when condition left it hidden) or left unanswered (an optional one) is not failed: only an
 * answer other than the passing option fails it.
 */
export function failedAttentionCheck(definition: QuestionnaireDefinition, answers: Answers): QuestionDefinition | null {
  for (const page of definition.pages) {
    for (const question of page.questions) {
      const pass = attentionCheckPass(question);
      if (pass === null || !(question.key in answers)) continue;
      if (answers[question.key] !== pass) return question;
    }
  }
  return null;
}

/**
 * The pages answered in a straight line: on each, the keys of its answered single-choice (radio and
 * select) questions, when there are at least STRAIGHT_ANSWER_MIN_QUESTIONS of them and every one
 * has the option in the same position chosen (the first option everywhere, say). Options are
 * compared by position, since that is what a member clicking down a column repeats; checkbox,
 * text and number questions do not count either way.
 */
export function straightAnswerPages(definition: QuestionnaireDefinition, answers: Answers): string[][] {
  const pages: string[][] = [];
  for (const page of definition.pages) {
    const positions: number[] = [];
    const keys: string[] = [];
    for (const question of page.questions) {
      if (!SINGLE_CHOICE_TYPES.includes(question.type) || !(question.key in answers)) continue;
      positions.push(question.options.findIndex((option) => option.value === answers[question.key]));
      keys.push(question.key);
    }
    if (keys.length >= STRAIGHT_ANSWER_MIN_QUESTIONS && positions.every((position) => position === positions[0])) {
      pages.push(keys);
    }
  }
  return pages;
}
