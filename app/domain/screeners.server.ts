import type { Admin, Prisma } from "~/generated/prisma/client";
import { getPrisma, type Tx } from "~/lib/db.server";
import { readIntent } from "~/lib/forms.server";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { PAGE_FIELD, postedPage } from "~/questionnaire/steps";
import { loadQuestionnaire } from "~/questionnaire/storage.server";
import { recordAudit } from "./audit.server";
import { buildRules, pageOfField, readRulesForm, type RuleFormValues, type ScreenerRule } from "./screener-rules";

// Screeners (the spec's Screener List, ScreenerView and ScreenerValidation): a `screener`
// questionnaire plus its Screener row; the builder creates them, this module lists them, loads
// them and stores their qualifying rules, replaceable until a member answers the screener. See
// docs/decisions/019-screener-rules.md and 056-lifecycle.md.

type Actor = Pick<Admin, "id" | "email">;

export const SCREENER_PAGE_SIZE = 20;

/**
 * One page of the list, newest first, in one query for the rows (titles joined) and one count.
 * Archived screeners are left out unless `showArchived`.
 */
export async function listScreeners(page: number, { showArchived = false }: { showArchived?: boolean } = {}) {
  const prisma = getPrisma();
  const where = showArchived ? {} : { archivedAt: null };
  const [rows, total] = await Promise.all([
    prisma.screener.findMany({
      where,
      orderBy: { id: "desc" },
      skip: (page - 1) * SCREENER_PAGE_SIZE,
      take: SCREENER_PAGE_SIZE,
      select: {
        id: true,
        createdById: true,
        createdAt: true,
        rulesAddedAt: true,
        closedAt: true,
        archivedAt: true,
        questionnaire: { select: { title: true, _count: { select: { responses: true } } } },
      },
    }),
    prisma.screener.count({ where }),
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
      answered: row.questionnaire._count.responses > 0,
      closed: row.closedAt !== null,
      archived: row.archivedAt !== null,
    })),
  };
}

/** A screener with its definition, or null for an unknown id. */
export async function findScreener(id: number) {
  const prisma = getPrisma();
  const row = await prisma.screener.findUnique({
    where: { id },
    select: { id: true, questionnaireId: true, rulesAddedAt: true, closedAt: true, archivedAt: true },
  });
  if (!row) return null;
  const [stored, answered] = await Promise.all([
    loadQuestionnaire(prisma, row.questionnaireId),
    isScreenerAnswered(prisma, row.questionnaireId),
  ]);
  if (!stored) return null;
  return {
    id: row.id,
    definition: stored.definition,
    rulesAdded: row.rulesAddedAt !== null,
    answered,
    closed: row.closedAt !== null,
    archived: row.archivedAt !== null,
  };
}

export type Screener = NonNullable<Awaited<ReturnType<typeof findScreener>>>;

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
  const page = postedPage(definition, formData.get(PAGE_FIELD));
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

export type SaveRulesResult =
  { ok: true; count: number } | { ok: false; reason: "already_validated" | "answered" | "not_found" };

/**
 * Stores a screener's rules and writes the audit entry in one transaction. The screener's row is
 * locked first, so of two concurrent submits the second waits and then sees the first's rules.
 * The first set is added (screener.rules_added); a later set replaces it (screener.rules_replaced)
 * only while no member has answered the screener: afterwards its answers were judged by these
 * rules, and a new set of rules is made by cloning it. `expect` says which the admin was shown:
 * a page opened before another admin added the rules does not replace them unseen.
 */
export async function saveScreenerRules(
  actor: Actor,
  screenerId: number,
  rules: readonly ScreenerRule[],
  expect: "add" | "replace" = "add",
): Promise<SaveRulesResult> {
  return getPrisma().$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ questionnaireId: number; rulesAddedAt: Date | null }[]>`
      SELECT "questionnaireId", "rulesAddedAt" FROM "Screener" WHERE "id" = ${screenerId} FOR UPDATE`;
    if (!locked) return { ok: false, reason: "not_found" } as const;
    const replacing = locked.rulesAddedAt !== null;
    if (replacing && expect === "add") return { ok: false, reason: "already_validated" } as const;
    if (replacing && (await isScreenerAnswered(tx, locked.questionnaireId))) {
      return { ok: false, reason: "answered" } as const;
    }
    const before = replacing ? await loadScreenerRules(tx, screenerId) : [];
    if (replacing) await tx.screenerRule.deleteMany({ where: { screenerId } });
    await tx.screener.update({ where: { id: screenerId }, data: { rulesAddedAt: new Date() } });
    await storeScreenerRules(tx, screenerId, locked.questionnaireId, rules);
    const questions = rules.map((rule) => rule.question);
    await recordAudit(tx, {
      admin: actor,
      action: replacing ? "screener.rules_replaced" : "screener.rules_added",
      targetType: "screener",
      targetId: screenerId,
      details: replacing
        ? {
            rules: rules.length,
            questions,
            before: { Rules: describeRules(before) },
            after: { Rules: describeRules(rules) },
          }
        : { rules: rules.length, questions },
    });
    return { ok: true, count: rules.length } as const;
  });
}

/** Rules in a line of the audit log: "age 18–65; owner: Yes". */
function describeRules(rules: readonly ScreenerRule[]): string {
  if (rules.length === 0) return "none (every member passes)";
  return rules
    .map((rule) => {
      switch (rule.kind) {
        case "options":
          return `${rule.question}: ${rule.options.join(" or ")}`;
        case "range":
          return `${rule.question} ${rule.min ?? "any"}–${rule.max ?? "any"}`;
        case "switch":
          return `${rule.question} ${rule.value ? "on" : "off"}`;
      }
    })
    .join("; ");
}

/** Whether any member has answered the screener's questionnaire (its pre-screener). */
export async function isScreenerAnswered(db: Tx, questionnaireId: number): Promise<boolean> {
  return (await db.questionnaireResponse.count({ where: { questionnaireId }, take: 1 })) > 0;
}

/** Writes the rows of a screener's rules (by question key and option value) for its questionnaire. */
export async function storeScreenerRules(
  tx: Tx,
  screenerId: number,
  questionnaireId: number,
  rules: readonly ScreenerRule[],
): Promise<void> {
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
