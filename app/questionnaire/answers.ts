import type { QuestionnaireKind } from "~/generated/prisma/enums";
import { allQuestions, type Answers, type AnswerValue, type QuestionnaireDefinition } from "./definition";

// Answers as stored: one row per chosen option, or one row holding the text, number or switch
// value, so that admins can target members by (question, option) with one index lookup.

/** A questionnaire as stored: its definition and the database ids its answers refer to. */
export interface StoredQuestionnaire {
  id: number;
  kind: QuestionnaireKind;
  definition: QuestionnaireDefinition;
  /** Question id by question key. */
  questionIds: Record<string, number>;
  /** Option id by question key, then option value. */
  optionIds: Record<string, Record<string, number>>;
}

/** One Answer row without its response and member. */
export interface AnswerRow {
  questionId: number;
  optionId: number | null;
  valueText: string | null;
  valueNumber: number | null;
  valueBool: boolean | null;
}

const EMPTY_ROW = { optionId: null, valueText: null, valueNumber: null, valueBool: null };

function mismatch(key: string, value: AnswerValue): Error {
  return new Error(`The answer ${JSON.stringify(value)} does not fit question "${key}"`);
}

/**
 * The rows that store validated answers. An answer that does not fit its question (an unknown
 * key or option, a wrong type) means the answers were not validated against this definition, so
 * it throws rather than store something the schema would refuse.
 */
export function answersToRows(stored: StoredQuestionnaire, answers: Answers): AnswerRow[] {
  const questions = new Map(allQuestions(stored.definition).map((question) => [question.key, question]));
  const rows: AnswerRow[] = [];
  for (const [key, value] of Object.entries(answers)) {
    const question = questions.get(key);
    const questionId = stored.questionIds[key];
    if (!question || questionId === undefined) throw mismatch(key, value);
    const optionRow = (option: string) => {
      const optionId = stored.optionIds[key]?.[option];
      if (optionId === undefined) throw mismatch(key, value);
      return { ...EMPTY_ROW, questionId, optionId };
    };
    switch (question.type) {
      case "radio":
      case "select":
        if (typeof value !== "string") throw mismatch(key, value);
        rows.push(optionRow(value));
        break;
      case "checkbox":
        if (!Array.isArray(value)) throw mismatch(key, value);
        rows.push(...value.map(optionRow));
        break;
      case "text":
      case "paragraph":
        if (typeof value !== "string") throw mismatch(key, value);
        rows.push({ ...EMPTY_ROW, questionId, valueText: value });
        break;
      case "number":
        if (typeof value !== "number") throw mismatch(key, value);
        rows.push({ ...EMPTY_ROW, questionId, valueNumber: value });
        break;
      case "switch":
        if (typeof value !== "boolean") throw mismatch(key, value);
        rows.push({ ...EMPTY_ROW, questionId, valueBool: value });
        break;
    }
  }
  return rows;
}

/**
 * The answers that rows store, the inverse of answersToRows. Rows that no longer fit the
 * definition (an option removed since) are left out; checkbox choices come in option order.
 */
export function rowsToAnswers(stored: StoredQuestionnaire, rows: readonly AnswerRow[]): Answers {
  const keyById = new Map(Object.entries(stored.questionIds).map(([key, id]) => [id, key]));
  const optionById = new Map<number, string>();
  for (const options of Object.values(stored.optionIds)) {
    for (const [value, id] of Object.entries(options)) optionById.set(id, value);
  }
  const rowsByKey = new Map<string, AnswerRow[]>();
  for (const row of rows) {
    const key = keyById.get(row.questionId);
    if (key !== undefined) rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), row]);
  }
  const answers: Answers = {};
  for (const question of allQuestions(stored.definition)) {
    const [row, ...more] = rowsByKey.get(question.key) ?? [];
    if (!row) continue;
    switch (question.type) {
      case "radio":
      case "select": {
        const value = row.optionId === null ? undefined : optionById.get(row.optionId);
        if (value !== undefined && more.length === 0) answers[question.key] = value;
        break;
      }
      case "checkbox": {
        const chosen = new Set(
          [row, ...more].map((each) => (each.optionId === null ? undefined : optionById.get(each.optionId))),
        );
        const values = question.options.map((option) => option.value).filter((value) => chosen.has(value));
        if (values.length > 0) answers[question.key] = values;
        break;
      }
      case "text":
      case "paragraph":
        if (row.valueText !== null) answers[question.key] = row.valueText;
        break;
      case "number":
        if (row.valueNumber !== null) answers[question.key] = row.valueNumber;
        break;
      case "switch":
        if (row.valueBool !== null) answers[question.key] = row.valueBool;
        break;
    }
  }
  return answers;
}
