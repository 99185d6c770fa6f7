import type { QuestionnaireKind } from "~/generated/prisma/client";
import { answersToRows, rowsToAnswers, type StoredQuestionnaire } from "./answers";
import {
  allQuestions,
  type Answers,
  type OptionDefinition,
  type QuestionDefinition,
  type QuestionnaireDefinition,
} from "./definition";
import { definitionIssues } from "./schema";
import type { Tx } from "~/lib/db.server";

// Questionnaires and responses in the database. Every function takes the caller's client or
// transaction, so that storing a response and crediting its points commit together.

function assertUsable(definition: QuestionnaireDefinition) {
  const issues = definitionIssues(definition);
  if (issues.length > 0) throw new Error(`Invalid questionnaire definition: ${issues.join(" ")}`);
}

interface PlacedQuestion {
  question: QuestionDefinition;
  pageId: number;
  position: number;
}

function placeQuestions(definition: QuestionnaireDefinition, pageIds: readonly number[]): PlacedQuestion[] {
  return definition.pages.flatMap((page, index) =>
    page.questions.map((question, position) => ({ question, pageId: pageIds[index], position })),
  );
}

function optionRows(questionId: number, options: readonly OptionDefinition[]) {
  return options.map((option, position) => ({
    questionId,
    position,
    value: option.value,
    label: option.label,
    exclusive: option.exclusive ?? false,
    passesCheck: option.passesCheck ?? false,
  }));
}

/** Inserts questions and returns the rows of their options, to be inserted with the others. */
async function insertQuestions(tx: Tx, questionnaireId: number, placed: readonly PlacedQuestion[]) {
  if (placed.length === 0) return [];
  const created = await tx.question.createManyAndReturn({
    data: placed.map(({ question, pageId, position }) => ({
      questionnaireId,
      pageId,
      position,
      key: question.key,
      label: question.label,
      type: question.type,
      required: question.required,
    })),
    select: { id: true, key: true },
  });
  const optionsByKey = new Map(placed.map(({ question }) => [question.key, question.options]));
  return created.flatMap((row) => optionRows(row.id, optionsByKey.get(row.key) ?? []));
}

/** Shown-when conditions refer to option ids, so they are set once every option exists. */
async function linkConditions(tx: Tx, questionnaireId: number, definition: QuestionnaireDefinition) {
  const rows = await tx.question.findMany({
    where: { questionnaireId },
    select: { id: true, key: true, shownWhenOptionId: true, options: { select: { id: true, value: true } } },
  });
  const byKey = new Map(rows.map((row) => [row.key, row]));
  for (const question of allQuestions(definition)) {
    const row = byKey.get(question.key);
    const condition = question.shownWhen;
    const optionId = condition
      ? (byKey.get(condition.question)?.options.find((option) => option.value === condition.option)?.id ?? null)
      : null;
    if (row && row.shownWhenOptionId !== optionId) {
      await tx.question.update({ where: { id: row.id }, data: { shownWhenOptionId: optionId } });
    }
  }
}

async function createPages(tx: Tx, questionnaireId: number, pages: { position: number; title: string }[]) {
  if (pages.length === 0) return [];
  return tx.questionnairePage.createManyAndReturn({
    data: pages.map((page) => ({ questionnaireId, ...page })),
    select: { id: true, position: true },
  });
}

/** Stores a new questionnaire and returns its id. Callers check definitionIssues first. */
export async function createQuestionnaire(
  tx: Tx,
  input: { kind: QuestionnaireKind; definition: QuestionnaireDefinition; createdById?: number | null },
): Promise<number> {
  const { kind, definition, createdById = null } = input;
  assertUsable(definition);
  const { id } = await tx.questionnaire.create({
    data: { kind, title: definition.title, description: definition.description, createdById },
    select: { id: true },
  });
  const pages = await createPages(
    tx,
    id,
    definition.pages.map((page, position) => ({ position, title: page.title })),
  );
  const pageIds = pages.sort((a, b) => a.position - b.position).map((page) => page.id);
  const options = await insertQuestions(tx, id, placeQuestions(definition, pageIds));
  await tx.questionOption.createMany({ data: options });
  await linkConditions(tx, id, definition);
  return id;
}

/**
 * Brings a stored questionnaire in line with an edited definition. Questions are matched by key
 * and options by value, so unchanged ones keep their ids and answers; removed ones are deleted
 * with their answers (the foreign keys cascade). A question whose type changed loses its options
 * and answers, since they no longer mean the same thing. Pages are matched by position.
 */
export async function updateQuestionnaire(tx: Tx, id: number, definition: QuestionnaireDefinition): Promise<void> {
  assertUsable(definition);
  const current = await tx.questionnaire.update({
    where: { id },
    data: { title: definition.title, description: definition.description },
    select: { pages: true, questions: { include: { options: true } } },
  });

  const pageIds: number[] = [];
  const newPages: { position: number; title: string }[] = [];
  for (const [position, page] of definition.pages.entries()) {
    const existing = current.pages.find((row) => row.position === position);
    if (!existing) newPages.push({ position, title: page.title });
    else {
      pageIds[position] = existing.id;
      if (existing.title !== page.title) {
        await tx.questionnairePage.update({ where: { id: existing.id }, data: { title: page.title } });
      }
    }
  }
  for (const page of await createPages(tx, id, newPages)) pageIds[page.position] = page.id;

  const existingByKey = new Map(current.questions.map((row) => [row.key, row]));
  const keptKeys = new Set(allQuestions(definition).map((question) => question.key));
  const removedIds = current.questions.filter((row) => !keptKeys.has(row.key)).map((row) => row.id);
  if (removedIds.length > 0) await tx.question.deleteMany({ where: { id: { in: removedIds } } });

  const added: PlacedQuestion[] = [];
  const newOptions: ReturnType<typeof optionRows> = [];
  for (const placed of placeQuestions(definition, pageIds)) {
    const { question, pageId, position } = placed;
    const existing = existingByKey.get(question.key);
    if (!existing) {
      added.push(placed);
      continue;
    }
    if (existing.type !== question.type) {
      await tx.answer.deleteMany({ where: { questionId: existing.id } });
      await tx.questionOption.deleteMany({ where: { questionId: existing.id } });
      newOptions.push(...optionRows(existing.id, question.options));
    } else {
      newOptions.push(...(await updateOptions(tx, existing.id, existing.options, question.options)));
    }
    if (
      existing.type !== question.type ||
      existing.label !== question.label ||
      existing.required !== question.required ||
      existing.pageId !== pageId ||
      existing.position !== position
    ) {
      await tx.question.update({
        where: { id: existing.id },
        data: { type: question.type, label: question.label, required: question.required, pageId, position },
      });
    }
  }
  newOptions.push(...(await insertQuestions(tx, id, added)));
  if (newOptions.length > 0) await tx.questionOption.createMany({ data: newOptions });

  // Only now: deleting a page deletes the questions still on it, and they have all moved.
  await tx.questionnairePage.deleteMany({ where: { questionnaireId: id, position: { gte: definition.pages.length } } });
  await linkConditions(tx, id, definition);
}

/** Updates and deletes a question's options in place; returns the rows of options to create. */
async function updateOptions(
  tx: Tx,
  questionId: number,
  existing: readonly {
    id: number;
    value: string;
    label: string;
    position: number;
    exclusive: boolean;
    passesCheck: boolean;
  }[],
  options: readonly OptionDefinition[],
) {
  const wanted = optionRows(questionId, options);
  const wantedValues = new Set(wanted.map((row) => row.value));
  const removedIds = existing.filter((row) => !wantedValues.has(row.value)).map((row) => row.id);
  if (removedIds.length > 0) await tx.questionOption.deleteMany({ where: { id: { in: removedIds } } });
  const created: typeof wanted = [];
  // Options losing the attention check's pass first: one passing option per question is unique.
  for (const row of [...wanted].sort((a, b) => Number(a.passesCheck) - Number(b.passesCheck))) {
    const match = existing.find((each) => each.value === row.value);
    if (!match) created.push(row);
    else if (
      match.label !== row.label ||
      match.position !== row.position ||
      match.exclusive !== row.exclusive ||
      match.passesCheck !== row.passesCheck
    ) {
      await tx.questionOption.update({
        where: { id: match.id },
        data: { label: row.label, position: row.position, exclusive: row.exclusive, passesCheck: row.passesCheck },
      });
    }
  }
  return created;
}

/** A stored questionnaire with its pages, questions and options in position order, or null. */
export async function loadQuestionnaire(db: Tx, id: number): Promise<StoredQuestionnaire | null> {
  const row = await db.questionnaire.findUnique({
    where: { id },
    include: {
      pages: {
        orderBy: { position: "asc" },
        include: {
          questions: { orderBy: { position: "asc" }, include: { options: { orderBy: { position: "asc" } } } },
        },
      },
    },
  });
  if (!row) return null;
  const questions = row.pages.flatMap((page) => page.questions);
  const optionById = new Map(
    questions.flatMap((question) => question.options.map((option) => [option.id, { question, option }] as const)),
  );
  const questionIds: Record<string, number> = {};
  const optionIds: Record<string, Record<string, number>> = {};
  for (const question of questions) {
    questionIds[question.key] = question.id;
    optionIds[question.key] = Object.fromEntries(question.options.map((option) => [option.value, option.id]));
  }
  const definition: QuestionnaireDefinition = {
    title: row.title,
    description: row.description,
    pages: row.pages.map((page) => ({
      title: page.title,
      questions: page.questions.map((question) => {
        const condition = question.shownWhenOptionId === null ? undefined : optionById.get(question.shownWhenOptionId);
        return {
          key: question.key,
          label: question.label,
          type: question.type,
          required: question.required,
          options: question.options.map((option) => ({
            value: option.value,
            label: option.label,
            ...(option.exclusive ? { exclusive: true } : {}),
            ...(option.passesCheck ? { passesCheck: true } : {}),
          })),
          ...(condition ? { shownWhen: { question: condition.question.key, option: condition.option.value } } : {}),
        };
      }),
    })),
  };
  return { id: row.id, kind: row.kind, definition, questionIds, optionIds };
}

export type SaveResponseResult = { ok: true; responseId: number } | { ok: false; reason: "already_submitted" };

/**
 * Stores a member's validated answers as a new response. A second response for the same profile
 * questionnaire and member (or the same assignment) is refused with "already_submitted". The
 * insert skips the conflict instead of raising it, because a raised unique violation would abort
 * the caller's PostgreSQL transaction, which goes on to credit points; concurrent first submits
 * queue on the unique index, so exactly one of them stores a response.
 */
export async function saveResponse(
  tx: Tx,
  input: { questionnaireId: number; memberId: number; assignmentId?: number | null; answers: Answers },
): Promise<SaveResponseResult> {
  const { questionnaireId, memberId, assignmentId = null, answers } = input;
  const stored = await loadQuestionnaire(tx, questionnaireId);
  if (!stored) throw new Error(`Questionnaire ${questionnaireId} does not exist`);
  const rows = answersToRows(stored, answers);
  const [response] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "QuestionnaireResponse" ("questionnaireId", "memberId", "assignmentId")
    VALUES (${questionnaireId}, ${memberId}, ${assignmentId})
    ON CONFLICT DO NOTHING
    RETURNING "id"`;
  if (!response) return { ok: false, reason: "already_submitted" };
  if (rows.length > 0) {
    await tx.answer.createMany({ data: rows.map((row) => ({ ...row, responseId: response.id, memberId })) });
  }
  return { ok: true, responseId: response.id };
}

/** The answers of a member's response (a profile response without assignmentId), or null. */
export async function loadAnswers(
  db: Tx,
  input: { questionnaireId: number; memberId: number; assignmentId?: number | null },
): Promise<Answers | null> {
  const { questionnaireId, memberId, assignmentId = null } = input;
  const response = await db.questionnaireResponse.findFirst({
    where: { questionnaireId, memberId, assignmentId },
    select: {
      answers: { select: { questionId: true, optionId: true, valueText: true, valueNumber: true, valueBool: true } },
    },
  });
  if (!response) return null;
  const stored = await loadQuestionnaire(db, questionnaireId);
  if (!stored) return null;
  return rowsToAnswers(
    stored,
    response.answers.map((row) => ({
      ...row,
      valueNumber: row.valueNumber === null ? null : row.valueNumber.toNumber(),
    })),
  );
}
