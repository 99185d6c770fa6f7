import type { Admin, Prisma } from "~/generated/prisma/client";
import { getPrisma, type Tx } from "~/lib/db.server";
import { readIntent } from "~/lib/forms.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { loadQuestionnaire } from "~/questionnaire/storage.server";
import { recordAudit } from "./audit.server";
import { buildRules, pageOfField, readRulesForm, type RuleFormValues, type ScreenerRule } from "./screener-rules";

// Screeners (the spec's Screener List, ScreenerView and ScreenerValidation): a `screener`
// questionnaire plus its Screener row; the builder creates them, this module lists them, loads
// them and stores their qualifying rules once. See docs/decisions/019-screener-rules.md.

type Actor = Pick<Admin, "id" | "email">;

export const SCREENER_PAGE_SIZE = 20;

/** One page of the list, newest first, in one query for the rows (titles joined) and one count. */
export async function listScreeners(page: number) {
  const prisma = getPrisma();
  const [rows, total] = await Promise.all([
    prisma.screener.findMany({
      orderBy: { id: "desc" },
      skip: (page - 1) * SCREENER_PAGE_SIZE,
      take: SCREENER_PAGE_SIZE,
      select: {
        id: true,
        createdById: true,
        createdAt: true,
        rulesAddedAt: true,
        questionnaire: { select: { title: true } },
      },
    }),
    prisma.screener.count(),
  ]);
  return {
    total,
    pageCount: Math.max(1, Math.ceil(total / SCREENER_PAGE_SIZE)),
    screeners: rows.map((row, index) => ({
      serial: (page - 1) * SCREENER_PAGE_SIZE + index + 1,
      id: row.id,
      title: row.questionnaire.title,
      adminUserId: row.createdById,
      createdAt: row.createdAt.toISOString(),
      rulesAdded: row.rulesAddedAt !== null,
    })),
  };
}

/** A screener with its definition, or null for an unknown id. */
export async function findScreener(id: number) {
  const prisma = getPrisma();
  const row = await prisma.screener.findUnique({
    where: { id },
    select: { id: true, questionnaireId: true, rulesAddedAt: true },
  });
  if (!row) return null;
  const stored = await loadQuestionnaire(prisma, row.questionnaireId);
  if (!stored) return null;
  return { id: row.id, definition: stored.definition, rulesAdded: row.rulesAddedAt !== null };
}

export type Screener = NonNullable<Awaited<ReturnType<typeof findScreener>>>;

/** The page index of a posted `_page`, or the first page for anything else. */
function postedPage(definition: QuestionnaireDefinition, value: FormDataEntryValue | null): number {
  const page = typeof value === "string" && /^\d{1,4}$/.test(value) ? Number(value) : 0;
  return page < definition.pages.length ? page : 0;
}

export type RulesStep =
  /** Show this page again or another one, with the answers so far and messages for it. */
  | { kind: "page"; page: number; values: RuleFormValues; errors: Record<string, string[]> }
  /** Every page is valid and Submit was pressed: these rules are to be saved. */
  | { kind: "submit"; rules: ScreenerRule[]; values: RuleFormValues };

/**
 * What a post of the rules form asks for. Previous always moves back (messages wait for Next or
 * Submit); Next moves on only when the page it leaves is valid; Submit checks every page and
 * shows the first one with a message. A post without a button counts as Submit, so that pressing
 * Enter (which sends no button in some browsers) still checks everything; any other intent is a 400.
 */
export function rulesStep(definition: QuestionnaireDefinition, formData: FormData): RulesStep {
  const page = postedPage(definition, formData.get("_page"));
  const intent = readIntent(formData, ["previous", "next", "submit"], { whenMissing: "submit" });
  const { values, answers, errors } = readRulesForm(definition, formData);
  const errorsOn = (index: number) =>
    Object.fromEntries(Object.entries(errors).filter(([field]) => pageOfField(definition, field) === index));
  if (intent === "previous") return { kind: "page", page: Math.max(0, page - 1), values, errors: {} };
  if (intent === "next") {
    const here = errorsOn(page);
    if (Object.keys(here).length > 0) return { kind: "page", page, values, errors: here };
    return { kind: "page", page: Math.min(definition.pages.length - 1, page + 1), values, errors: {} };
  }
  const fields = Object.keys(errors);
  if (fields.length > 0) {
    const first = Math.min(...fields.map((field) => pageOfField(definition, field)));
    return { kind: "page", page: first, values, errors: errorsOn(first) };
  }
  return { kind: "submit", rules: buildRules(definition, answers), values };
}

export type SaveRulesResult = { ok: true; count: number } | { ok: false; reason: "already_validated" | "not_found" };

/**
 * Stores a screener's rules, sets rulesAddedAt and writes the audit entry in one transaction.
 * The conditional update on rulesAddedAt IS NULL is the lock: of two concurrent submits the
 * second waits on the row, then finds it set and stores nothing, so a screener never gets two
 * sets of rules.
 */
export async function saveScreenerRules(
  actor: Actor,
  screenerId: number,
  rules: readonly ScreenerRule[],
): Promise<SaveRulesResult> {
  return getPrisma().$transaction(async (tx) => {
    const claimed = await tx.screener.updateMany({
      where: { id: screenerId, rulesAddedAt: null },
      data: { rulesAddedAt: new Date() },
    });
    if (claimed.count === 0) {
      const exists = await tx.screener.count({ where: { id: screenerId } });
      return { ok: false, reason: exists ? "already_validated" : "not_found" } as const;
    }
    const { questionnaireId } = await tx.screener.findUniqueOrThrow({
      where: { id: screenerId },
      select: { questionnaireId: true },
    });
    const stored = await loadQuestionnaire(tx, questionnaireId);
    if (!stored) throw new Error(`Screener ${screenerId} has no questionnaire`);
    const rows = rules.flatMap((rule): Prisma.ScreenerRuleCreateManyInput[] => {
      const questionId = stored.questionIds[rule.question];
      if (questionId === undefined) throw new Error(`Screener ${screenerId} has no question "${rule.question}"`);
      const empty = { screenerId, questionId };
      switch (rule.kind) {
        case "options":
          return rule.options.map((option) => {
            const optionId = stored.optionIds[rule.question]?.[option];
            if (optionId === undefined) throw new Error(`Question "${rule.question}" has no option "${option}"`);
            return { ...empty, optionId };
          });
        case "range":
          return [{ ...empty, numberMin: rule.min, numberMax: rule.max }];
        case "switch":
          return [{ ...empty, valueBool: rule.value }];
      }
    });
    if (rows.length > 0) await tx.screenerRule.createMany({ data: rows });
    await recordAudit(tx, {
      admin: actor,
      action: "screener.rules_added",
      targetType: "screener",
      targetId: screenerId,
      details: { rules: rules.length, questions: rules.map((rule) => rule.question) },
    });
    return { ok: true, count: rules.length } as const;
  });
}

/**
 * A screener's rules in the shape evaluateScreener takes (by question key, in question order);
 * empty when it has none. For the survey delivery, which screens members before a survey.
 */
export async function loadScreenerRules(db: Tx, screenerId: number): Promise<ScreenerRule[]> {
  const rows = await db.screenerRule.findMany({
    where: { screenerId },
    orderBy: { id: "asc" },
    select: {
      numberMin: true,
      numberMax: true,
      valueBool: true,
      question: { select: { key: true, type: true } },
      option: { select: { value: true } },
    },
  });
  const rules = new Map<string, ScreenerRule>();
  for (const row of rows) {
    const key = row.question.key;
    if (row.option) {
      const existing = rules.get(key);
      if (existing?.kind === "options") existing.options.push(row.option.value);
      else rules.set(key, { question: key, kind: "options", options: [row.option.value] });
    } else if (row.question.type === "number") {
      rules.set(key, {
        question: key,
        kind: "range",
        min: row.numberMin === null ? null : row.numberMin.toNumber(),
        max: row.numberMax === null ? null : row.numberMax.toNumber(),
      });
    } else if (row.valueBool !== null) {
      rules.set(key, { question: key, kind: "switch", value: row.valueBool });
    }
  }
  return [...rules.values()];
}
