import type { Admin } from "~/generated/prisma/client";
import { countryName, isCountryCode } from "~/lib/countries.server";
import { getPrisma, type Tx } from "~/lib/db.server";
import { CHOICE_TYPES, type QuestionDefinition, type QuestionnaireDefinition } from "~/questionnaire/definition";
import { definitionIssues, MAX_LABEL_LENGTH } from "~/questionnaire/schema";
import { createQuestionnaire, loadQuestionnaire, updateQuestionnaire } from "~/questionnaire/storage.server";
import { editorReducer, type BuilderAction } from "~/builder/draft";
import { actionOfIntent, intent } from "~/builder/intents";
import { recordAudit } from "./audit.server";
import { capDetails, pointsCapError } from "./points-cap.server";
import {
  ADD_SET_MESSAGES,
  codeOfType,
  draftField,
  isChoiceCode,
  fromEditorDraft,
  setEditorConfig,
  toEditorDraft,
  typeOfCode,
  type DraftOption,
  type DraftQuestion,
} from "./profile-survey-set-schema";
import { notFound } from "~/lib/http.server";

// Profile survey sets made by admins (the spec's ProfileSurvey and ProfileSurveyQuestions): a
// profile questionnaire of one page plus its ProfileSurvey row (country, reward). Built-in profile
// questionnaires (path set) are seeded definitions and never listed or edited here. The editor posts
// the whole set on every button, and the server applies the button (intent) to what was posted;
// nothing is stored until Save. See docs/decisions/016-profile-survey-sets.md.

type Actor = Pick<Admin, "id" | "email" | "isSuperAdmin">;

const MAX_QUESTIONS = 100;
const MAX_OPTIONS = 50;

export const MESSAGES = {
  tooLong: (max: number) => `Use at most ${max} characters.`,
  badCharacters: "Contains characters that are not allowed.",
  questionTitleRequired: "Enter the question's title.",
  optionTitleRequired: "Enter the option's title.",
  duplicateOption: "Another option of this question has the same title.",
  needsOption: "Add at least one option.",
  needsQuestion: "Add at least one question before saving.",
  typeRequired: "Choose a question type.",
  tooManyQuestions: `A set can have at most ${MAX_QUESTIONS} questions.`,
  tooManyOptions: `A question can have at most ${MAX_OPTIONS} options.`,
  outOfDate: "This form is out of date. Open the set again and redo your changes.",
  changedElsewhere:
    "Another admin saved this set after you opened it. Open it again to see their changes, then edit again.",
  typeReset: "The options of a question whose type changed were reset to 'Title'. Edit them, then Save.",
  fixErrors: "Fix the marked fields, then Save again.",
} as const;

// ───────────────────────────── Reading ─────────────────────────────

/** Admin-made sets, newest first. */
export async function listProfileSurveySets() {
  const rows = await getPrisma().profileSurvey.findMany({
    where: { path: null },
    orderBy: { id: "desc" },
    select: { id: true, points: true, country: true, questionnaire: { select: { title: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    title: row.questionnaire.title,
    country: row.country,
    countryName: row.country ? countryName(row.country) : "All countries",
    points: row.points,
  }));
}

/** One admin-made set with its definition, or null (unknown id, or a built-in questionnaire). */
export async function findProfileSurveySet(id: number) {
  const prisma = getPrisma();
  const row = await prisma.profileSurvey.findFirst({
    where: { id, path: null },
    select: {
      id: true,
      points: true,
      minutes: true,
      country: true,
      questionnaireId: true,
      questionnaire: { select: { updatedAt: true, _count: { select: { responses: true } } } },
    },
  });
  if (!row) return null;
  const stored = await loadQuestionnaire(prisma, row.questionnaireId);
  if (!stored) return null;
  return {
    id: row.id,
    title: stored.definition.title,
    country: row.country,
    countryName: row.country ? countryName(row.country) : "All countries",
    points: row.points,
    minutes: row.minutes,
    responses: row.questionnaire._count.responses,
    definition: stored.definition,
    version: row.questionnaire.updatedAt.toISOString(),
  };
}

export type ProfileSurveySet = NonNullable<Awaited<ReturnType<typeof findProfileSurveySet>>>;

// ───────────────────────────── Creating ─────────────────────────────

/**
 * Minutes shown to members. The spec's add form asks for no duration, so it is estimated from the
 * number of questions (about three a minute), never below the 2 minutes a new set starts with.
 */
function estimatedMinutes(questionCount: number): number {
  return Math.max(2, Math.ceil(questionCount / 3));
}

// A set needs at least one question to be answerable, so a new one starts with this one.
const FIRST_QUESTION: QuestionDefinition = { key: "q1", label: "Question 1", type: "text", required: true, options: [] };

export type CreateResult =
  | { ok: true; id: number; message: string }
  | { ok: false; fieldErrors: Partial<Record<"title" | "country" | "reward", string[]>> };

export async function createProfileSurveySet(
  actor: Actor,
  input: { title: string; country: string; reward: number },
): Promise<CreateResult> {
  // The form's schema checks the shape; only the server knows the list of country codes.
  if (!isCountryCode(input.country)) return { ok: false, fieldErrors: { country: [ADD_SET_MESSAGES.countryRequired] } };
  // The points cap (decision 038), as for surveys and assignments: a set's reward is paid to every
  // member who answers it. The editor has no reward field, so the reward is set here only.
  const capError = pointsCapError(actor, input.reward);
  if (capError) return { ok: false, fieldErrors: { reward: [capError] } };
  const definition: QuestionnaireDefinition = {
    title: input.title,
    description: "",
    pages: [{ title: input.title, questions: [FIRST_QUESTION] }],
  };
  return getPrisma().$transaction(async (tx) => {
    const questionnaireId = await createQuestionnaire(tx, { kind: "profile", definition, createdById: actor.id });
    const set = await tx.profileSurvey.create({
      data: {
        questionnaireId,
        path: null,
        slug: null,
        category: "Basic",
        points: input.reward,
        minutes: estimatedMinutes(1),
        country: input.country,
      },
      select: { id: true },
    });
    await recordAudit(tx, {
      admin: actor,
      action: "profile_survey.created",
      targetType: "profile_survey",
      targetId: set.id,
      details: { title: input.title, country: input.country, points: input.reward, ...capDetails(input.reward) },
    });
    return { ok: true, id: set.id, message: "Profile survey created successfully" } as const;
  });
}

// ───────────────────────────── Editing ─────────────────────────────

/** The editor's state: what the form posts and what it is rendered from. */
export interface SetDraft {
  /** The questionnaire's updatedAt when the editor was opened, to refuse saving over a newer save. */
  version: string;
  questions: DraftQuestion[];
}

/** Field errors by form field name, plus messages about the whole form under "form". */
export type DraftErrors = Record<string, string[]>;

export function draftOf(set: ProfileSurveySet): SetDraft {
  return {
    version: set.version,
    questions: set.definition.pages.flatMap((page) =>
      page.questions.map((question) => ({
        key: question.key,
        label: question.label,
        typeCode: codeOfType(question.type),
        required: question.required,
        options: question.options.map((option) => ({ value: option.value, label: option.label })),
      })),
    ),
  };
}

const QUESTION_FIELD = /^q\.(\d{1,3})\.(key|label|type|shownType|required)$/;
const OPTION_FIELD = /^q\.(\d{1,3})\.o\.(\d{1,3})\.(value|label)$/;
// Only codes this editor makes; anything else was not posted by its form.
const QUESTION_KEY = /^q[1-9]\d{0,5}$/;
const OPTION_VALUE = /^o[1-9]\d{0,5}$/;
const MAX_POSTED_TEXT = 10_000;

/**
 * The buttons of the set editor, in the builder's grammar (app/builder/intents.ts) on its one
 * page: Save, or one of the actions a set offers. Names, types and Required travel in the posted
 * fields, not in actions; a type select's own button ('Change type', change-type) only makes the
 * post that applies every changed type.
 */
function readIntent(formData: FormData): { type: "save" } | BuilderAction | null {
  const value = formData.get("intent");
  if (value === intent.save) return { type: "save" };
  if (typeof value !== "string") return null;
  // The type select is read from the posted fields (shownType against type) and applied before any
  // button, so change-type only needs to parse here.
  const action = actionOfIntent(value, () => "text");
  if (!action || !SET_ACTIONS.includes(action.type)) return null;
  if ("page" in action && action.page !== undefined && action.page !== 0) return null;
  return action;
}

const SET_ACTIONS: readonly BuilderAction["type"][] = ["add-question", "delete-question", "add-option", "delete-option", "change-type"];

interface PostedQuestion {
  key?: string;
  label?: string;
  type?: string;
  shownType?: string;
  required?: string;
  options: Map<number, { value?: string; label?: string }>;
}

/**
 * The posted editor as a draft, with the types the form was rendered with; null when the post is
 * not what the editor's form sends (a missing key, a repeated field, a forged code).
 */
function readPostedDraft(formData: FormData): { draft: SetDraft; shownTypes: string[] } | null {
  const version = formData.get("version");
  if (typeof version !== "string" || formData.getAll("version").length !== 1) return null;
  const posted = new Map<number, PostedQuestion>();
  const question = (index: number) => {
    let entry = posted.get(index);
    if (!entry) posted.set(index, (entry = { options: new Map() }));
    return entry;
  };
  const seen = new Set<string>();
  for (const [name, value] of formData) {
    const questionMatch = QUESTION_FIELD.exec(name);
    const optionMatch = questionMatch ? null : OPTION_FIELD.exec(name);
    if (!questionMatch && !optionMatch) continue;
    if (typeof value !== "string" || value.length > MAX_POSTED_TEXT || seen.has(name)) return null;
    seen.add(name);
    if (questionMatch) {
      question(Number(questionMatch[1]))[questionMatch[2] as Exclude<keyof PostedQuestion, "options">] = value;
    } else if (optionMatch) {
      const options = question(Number(optionMatch[1])).options;
      const option = options.get(Number(optionMatch[2])) ?? {};
      option[optionMatch[3] as "value" | "label"] = value;
      options.set(Number(optionMatch[2]), option);
    }
  }
  if (posted.size > MAX_QUESTIONS) return null;
  const questions: DraftQuestion[] = [];
  const shownTypes: string[] = [];
  for (const [, entry] of [...posted].sort(([a], [b]) => a - b)) {
    if (!entry.key || !QUESTION_KEY.test(entry.key) || entry.shownType === undefined || entry.options.size > MAX_OPTIONS) {
      return null;
    }
    const options: DraftOption[] = [];
    for (const [, option] of [...entry.options].sort(([a], [b]) => a - b)) {
      if (!option.value || !OPTION_VALUE.test(option.value)) return null;
      options.push({ value: option.value, label: option.label ?? "" });
    }
    questions.push({
      key: entry.key,
      label: entry.label ?? "",
      typeCode: entry.type ?? "",
      required: entry.required === "on",
      options,
    });
    shownTypes.push(entry.shownType);
  }
  const keys = new Set(questions.map((each) => each.key));
  const distinctOptions = questions.every((each) => new Set(each.options.map((option) => option.value)).size === each.options.length);
  if (keys.size !== questions.length || !distinctOptions) return null;
  return { draft: { version, questions }, shownTypes };
}

export type EditResult =
  | { ok: true; message: string }
  | { ok: false; draft: SetDraft; errors: DraftErrors; status: number };

/**
 * Applies one button of the editor to the posted set. Save validates and stores; every other
 * button returns the changed draft to be shown again, storing nothing.
 */
export async function editProfileSurveySet(actor: Actor, set: ProfileSurveySet, formData: FormData): Promise<EditResult> {
  const pressed = readIntent(formData);
  const posted = readPostedDraft(formData);
  if (!pressed || !posted) return { ok: false, draft: draftOf(set), errors: { form: [MESSAGES.outOfDate] }, status: 400 };
  const { version, questions } = posted.draft;
  const reduce = editorReducer(setEditorConfig(set.definition));

  // The spec's builder: changing a question's type resets its options. Without JavaScript the
  // change reaches the server only with the next button, so every changed type is applied on every
  // post, through the one editor's change-type.
  let editing = toEditorDraft(questions, (_, index) => posted.shownTypes[index]);
  const unknownCodes = new Map<string, string>();
  let resetToTitle = false;
  questions.forEach((question, index) => {
    const type = typeOfCode(question.typeCode);
    if (!type) unknownCodes.set(question.key, question.typeCode);
    if (!type || question.typeCode === posted.shownTypes[index]) return;
    editing = reduce(editing, { type: "change-type", page: 0, question: index, questionType: type });
    resetToTitle ||= isChoiceCode(question.typeCode);
  });

  const errors: DraftErrors = {};
  const current = editing.pages[0]?.questions ?? [];
  const target = "question" in pressed ? current[pressed.question] : undefined;
  if (pressed.type === "add-question" && current.length >= MAX_QUESTIONS) errors.form = [MESSAGES.tooManyQuestions];
  else if (pressed.type === "add-option" && target && target.options.length >= MAX_OPTIONS) {
    errors[draftField.options(pressed.question)] = [MESSAGES.tooManyOptions];
  } else if (pressed.type !== "save" && pressed.type !== "change-type") editing = reduce(editing, pressed);
  const draft: SetDraft = { version, questions: fromEditorDraft(editing, unknownCodes) };

  if (pressed.type === "save") {
    if (resetToTitle) return { ok: false, draft, errors: { form: [MESSAGES.typeReset] }, status: 400 };
    return saveDraft(actor, set, draft);
  }
  return { ok: false, draft, errors, status: Object.keys(errors).length > 0 ? 400 : 200 };
}

// PostgreSQL text cannot hold NUL, and a one-line title has no use for other control characters.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\uFFFD]/;

function titleIssue(title: string, required: string): string | null {
  if (title === "") return required;
  if (title.length > MAX_LABEL_LENGTH) return MESSAGES.tooLong(MAX_LABEL_LENGTH);
  return CONTROL_CHARACTERS.test(title) ? MESSAGES.badCharacters : null;
}

/** Field errors of a draft; empty when every field is fine. Titles are trimmed in place. */
function draftErrors(draft: SetDraft): DraftErrors {
  const errors: DraftErrors = {};
  const add = (field: string, message: string | null) => {
    if (message) errors[field] = [message];
  };
  if (draft.questions.length === 0) add("form", MESSAGES.needsQuestion);
  draft.questions.forEach((question, index) => {
    question.label = question.label.trim();
    add(draftField.label(index), titleIssue(question.label, MESSAGES.questionTitleRequired));
    if (!typeOfCode(question.typeCode)) add(draftField.type(index), MESSAGES.typeRequired);
    if (isChoiceCode(question.typeCode) && question.options.length === 0) add(draftField.options(index), MESSAGES.needsOption);
    const titles = new Set<string>();
    question.options.forEach((option, optionIndex) => {
      option.label = option.label.trim();
      const folded = option.label.toLocaleLowerCase("en");
      const duplicate = option.label !== "" && titles.has(folded) ? MESSAGES.duplicateOption : null;
      add(draftField.optionLabel(index, optionIndex), titleIssue(option.label, MESSAGES.optionTitleRequired) ?? duplicate);
      titles.add(folded);
    });
  });
  return errors;
}

function definitionOf(set: ProfileSurveySet, draft: SetDraft): QuestionnaireDefinition {
  const [page] = set.definition.pages;
  return {
    title: set.definition.title,
    description: set.definition.description,
    pages: [
      {
        title: page?.title ?? set.definition.title,
        questions: draft.questions.map((question) => {
          const type = typeOfCode(question.typeCode) ?? "text";
          return {
            key: question.key,
            label: question.label,
            type,
            required: question.required,
            // A non-choice question posts no options, but a crafted post might.
            options: CHOICE_TYPES.includes(type) ? question.options.map((option) => ({ ...option })) : [],
          };
        }),
      },
    ],
  };
}

async function saveDraft(actor: Actor, set: ProfileSurveySet, draft: SetDraft): Promise<EditResult> {
  const { form = [], ...fieldErrors } = draftErrors(draft);
  if (form.length > 0 || Object.keys(fieldErrors).length > 0) {
    // A summary above the form too: without JavaScript the page opens at its top.
    const summary = Object.keys(fieldErrors).length > 0 ? [MESSAGES.fixErrors] : [];
    return { ok: false, draft, errors: { form: [...summary, ...form], ...fieldErrors }, status: 400 };
  }
  const definition = definitionOf(set, draft);
  // The field checks above cover the engine's rules; this only guards against them drifting apart.
  const issues = definitionIssues(definition);
  if (issues.length > 0) return { ok: false, draft, errors: { form: issues }, status: 400 };
  return getPrisma().$transaction(async (tx) => {
    const current = await lockQuestionnaire(tx, set.id);
    if (!current) throw notFound();
    if (current.updatedAt.toISOString() !== draft.version) {
      return { ok: false, draft, errors: { form: [MESSAGES.changedElsewhere] }, status: 409 } as const;
    }
    const keptKeys = new Set(draft.questions.map((question) => question.key));
    const removed = [...storedKeys(set)].filter((key) => !keptKeys.has(key));
    await updateQuestionnaire(tx, current.questionnaireId, definition);
    await tx.profileSurvey.update({ where: { id: set.id }, data: { minutes: estimatedMinutes(draft.questions.length) } });
    await recordAudit(tx, {
      admin: actor,
      action: "profile_survey.updated",
      targetType: "profile_survey",
      targetId: set.id,
      details: { title: set.title, questions: draft.questions.length, removedQuestions: removed },
    });
    return { ok: true, message: "Profile survey saved successfully" } as const;
  });
}

function storedKeys(set: ProfileSurveySet): Set<string> {
  return new Set(set.definition.pages.flatMap((page) => page.questions.map((question) => question.key)));
}

/** Locks the set's questionnaire row, so two saves of one set run one after the other. */
async function lockQuestionnaire(tx: Tx, setId: number) {
  const [row] = await tx.$queryRaw<{ questionnaireId: number; updatedAt: Date | string }[]>`
    SELECT q."id" AS "questionnaireId", q."updatedAt"
    FROM "ProfileSurvey" p JOIN "Questionnaire" q ON q."id" = p."questionnaireId"
    WHERE p."id" = ${setId} AND p."path" IS NULL
    FOR UPDATE OF q`;
  return row ? { questionnaireId: row.questionnaireId, updatedAt: new Date(row.updatedAt) } : null;
}
