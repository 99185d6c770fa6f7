import type { Admin } from "~/generated/prisma/client";
import { countryName, isCountryCode } from "~/lib/countries.server";
import { getPrisma, type Tx } from "~/lib/db.server";
import { CHOICE_TYPES, type QuestionDefinition, type QuestionnaireDefinition } from "~/questionnaire/definition";
import { definitionIssues, MAX_LABEL_LENGTH } from "~/questionnaire/schema";
import { createQuestionnaire, loadQuestionnaire, updateQuestionnaire } from "~/questionnaire/storage.server";
import { editorReducer, errorKey, parseDraftJson, type BuilderAction, type BuilderDraft } from "~/builder/draft";
import { actionOfIntent, field, intent, renameActions } from "~/builder/intents";
import { recordAudit } from "./audit.server";
import { capDetails, pointsCapError } from "./points-cap.server";
import {
  ADD_SET_MESSAGES,
  codeOfType,
  isChoiceCode,
  fromEditorDraft,
  PROFILE_QUESTION_TYPES,
  setEditorConfig,
  typeOfCode,
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
  badExclusive: "Only an option of a checkbox question can be exclusive.",
  badCondition: "Choose an option of an earlier radio, select or checkbox question, or Always.",
} as const;

// ───────────────────────────── Reading ─────────────────────────────

/** Admin-made sets, newest first; archived ones only with `showArchived`. */
export async function listProfileSurveySets({ showArchived = false }: { showArchived?: boolean } = {}) {
  const rows = await getPrisma().profileSurvey.findMany({
    where: { path: null, ...(showArchived ? {} : { archivedAt: null }) },
    orderBy: { id: "desc" },
    select: {
      id: true,
      points: true,
      country: true,
      closedAt: true,
      archivedAt: true,
      questionnaire: { select: { title: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    title: row.questionnaire.title,
    country: row.country,
    countryName: row.country ? countryName(row.country) : "All countries",
    points: row.points,
    closed: row.closedAt !== null,
    archived: row.archivedAt !== null,
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
      closedAt: true,
      archivedAt: true,
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
    closed: row.closedAt !== null,
    archived: row.archivedAt !== null,
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
const FIRST_QUESTION: QuestionDefinition = {
  key: "q1",
  label: "Question 1",
  type: "text",
  required: true,
  options: [],
};

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
  const questions = set.definition.pages.flatMap((page) => page.questions);
  const position = new Map(questions.map((question, index) => [question.key, index]));
  return {
    version: set.version,
    questions: questions.map((question) => {
      const exclusive = question.options.findIndex((option) => option.exclusive);
      const on = question.shownWhen ? position.get(question.shownWhen.question) : undefined;
      const option =
        on !== undefined && question.shownWhen
          ? questions[on].options.findIndex((each) => each.value === question.shownWhen?.option)
          : -1;
      return {
        key: question.key,
        label: question.label,
        typeCode: codeOfType(question.type),
        required: question.required,
        options: question.options.map((each) => ({ value: each.value, label: each.label })),
        ...(exclusive >= 0 ? { exclusive } : {}),
        ...(on !== undefined && option >= 0 ? { shownWhen: { question: on, option } } : {}),
      };
    }),
  };
}

// Only codes this editor makes; anything else was not posted by its form.
const QUESTION_KEY = /^q[1-9]\d{0,5}$/;
const OPTION_VALUE = /^o[1-9]\d{0,5}$/;
const MAX_DRAFT_BYTES = 256 * 1024;

/**
 * The buttons of the set editor, in the builder's grammar (app/builder/intents.ts) on its one
 * page: Save, or one of the actions a set offers (no pages). Names travel in the builder's name
 * inputs and are read by `renameActions`; the type pickers are read on every post (see below).
 */
function readIntent(formData: FormData): { type: "save" } | BuilderAction | null {
  const value = formData.get("intent");
  if (value === intent.save) return { type: "save" };
  if (typeof value !== "string") return null;
  // Every changed type picker is applied before any button, so change-type only needs to parse.
  const action = actionOfIntent(value, (name) => (name.startsWith("type.") ? "text" : formData.get(name)));
  if (!action || !SET_ACTIONS.includes(action.type)) return null;
  if ("page" in action && action.page !== undefined && action.page !== 0) return null;
  return action;
}

const SET_ACTIONS: readonly BuilderAction["type"][] = [
  "add-question",
  "delete-question",
  "set-required",
  "change-type",
  "add-option",
  "delete-option",
  "set-exclusive",
  "set-condition",
];

/**
 * The set as the form carries it between posts (nothing is stored until Save): the one editor's
 * draft as JSON in the field `draft`, as the builder's browser posts it. Null when it is not what
 * the editor's form sends (not one page, a missing or forged code, a repeated field).
 */
function readPostedDraft(formData: FormData): { version: string; draft: BuilderDraft } | null {
  const version = formData.get("version");
  const text = formData.get("draft");
  if (typeof version !== "string" || formData.getAll("version").length !== 1) return null;
  if (typeof text !== "string" || formData.getAll("draft").length !== 1 || text.length > MAX_DRAFT_BYTES) return null;
  const parsed = parseDraftJson(text);
  if (!parsed.ok || parsed.draft.pages.length !== 1) return null;
  const questions = parsed.draft.pages[0].questions;
  if (questions.length > MAX_QUESTIONS) return null;
  const keys = new Set<string>();
  for (const question of questions) {
    const codes = question.optionCodes ?? [];
    if (!question.key || !QUESTION_KEY.test(question.key) || keys.has(question.key)) return null;
    keys.add(question.key);
    if (codes.length !== question.options.length || question.options.length > MAX_OPTIONS) return null;
    if (!codes.every((code) => OPTION_VALUE.test(code)) || new Set(codes).size !== codes.length) return null;
  }
  return { version, draft: { title: "", description: "", selectedPage: null, pages: [{ name: "", questions }] } };
}

export type EditResult =
  { ok: true; message: string } | { ok: false; draft: SetDraft; errors: DraftErrors; status: number };

/**
 * Applies one button of the editor to the posted set, as the builder does (decision 042): the
 * names typed (`renameActions`), then the pressed button, with the set's configuration of the one
 * reducer. Save validates and stores; every other button returns the changed draft to be shown
 * again, storing nothing.
 */
export async function editProfileSurveySet(
  actor: Actor,
  set: ProfileSurveySet,
  formData: FormData,
): Promise<EditResult> {
  const pressed = readIntent(formData);
  const posted = readPostedDraft(formData);
  if (!pressed || !posted)
    return { ok: false, draft: draftOf(set), errors: { form: [MESSAGES.outOfDate] }, status: 400 };
  const { version } = posted;
  const reduce = editorReducer(setEditorConfig(set.definition));
  const read = (name: string) => formData.get(name);
  let editing = renameActions(posted.draft, read).reduce(reduce, posted.draft);

  // The spec's builder: changing a question's type resets its options. Without JavaScript a type
  // picked but not applied with 'Change type' reaches the server with the next button, so every
  // changed type picker is applied on every post, through the one editor's change-type.
  const errors: DraftErrors = {};
  let resetToTitle = false;
  posted.draft.pages[0].questions.forEach((question, index) => {
    const value = read(field.type(0, index));
    if (value === null || value === question.type) return;
    const type = PROFILE_QUESTION_TYPES.find((entry) => entry.type === value)?.type;
    if (!type) {
      errors[field.type(0, index)] = [MESSAGES.typeRequired];
      return;
    }
    editing = reduce(editing, { type: "change-type", page: 0, question: index, questionType: type });
    resetToTitle ||= CHOICE_TYPES.includes(type);
  });

  const current = editing.pages[0]?.questions ?? [];
  const target = "question" in pressed ? current[pressed.question] : undefined;
  if (Object.keys(errors).length > 0) {
    // A type picker holding no type: said next to it (with every other field's error on Save).
    const draft: SetDraft = { version, questions: fromEditorDraft(editing) };
    const { form = [], ...others } = pressed.type === "save" ? draftErrors(draft) : {};
    return { ok: false, draft, errors: { form: [MESSAGES.fixErrors, ...form], ...others, ...errors }, status: 400 };
  } else if (pressed.type === "add-question" && current.length >= MAX_QUESTIONS)
    errors.form = [MESSAGES.tooManyQuestions];
  else if (pressed.type === "add-option" && target && target.options.length >= MAX_OPTIONS) {
    errors[errorKey.options(0, pressed.question)] = [MESSAGES.tooManyOptions];
  } else if (pressed.type !== "save" && pressed.type !== "change-type") editing = reduce(editing, pressed);
  const draft: SetDraft = { version, questions: fromEditorDraft(editing) };

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
    add(errorKey.question(0, index), titleIssue(question.label, MESSAGES.questionTitleRequired));
    if (!typeOfCode(question.typeCode)) add(field.type(0, index), MESSAGES.typeRequired);
    if (isChoiceCode(question.typeCode) && question.options.length === 0)
      add(errorKey.options(0, index), MESSAGES.needsOption);
    const exclusive = question.exclusive;
    if (
      exclusive !== undefined &&
      (question.typeCode !== codeOfType("checkbox") || exclusive >= question.options.length)
    ) {
      add(errorKey.options(0, index), MESSAGES.badExclusive);
    }
    const condition = question.shownWhen;
    const on = condition ? draft.questions[condition.question] : undefined;
    if (
      condition &&
      (condition.question >= index || !on || !isChoiceCode(on.typeCode) || condition.option >= on.options.length)
    ) {
      add(errorKey.condition(0, index), MESSAGES.badCondition);
    }
    const titles = new Set<string>();
    question.options.forEach((option, optionIndex) => {
      option.label = option.label.trim();
      const folded = option.label.toLocaleLowerCase("en");
      const duplicate = option.label !== "" && titles.has(folded) ? MESSAGES.duplicateOption : null;
      add(errorKey.option(0, index, optionIndex), titleIssue(option.label, MESSAGES.optionTitleRequired) ?? duplicate);
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
            options: CHOICE_TYPES.includes(type)
              ? question.options.map((option, index) => ({
                  ...option,
                  ...(type === "checkbox" && question.exclusive === index ? { exclusive: true } : {}),
                }))
              : [],
            ...(shownWhen(draft, question) ?? {}),
          };
        }),
      },
    ],
  };
}

/** The engine's shown-when of a question whose condition draftErrors accepted. */
function shownWhen(draft: SetDraft, question: DraftQuestion) {
  const condition = question.shownWhen;
  const on = condition ? draft.questions[condition.question] : undefined;
  const option = condition && on ? on.options[condition.option] : undefined;
  return on && option ? { shownWhen: { question: on.key, option: option.value } } : undefined;
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
    await tx.profileSurvey.update({
      where: { id: set.id },
      data: { minutes: estimatedMinutes(draft.questions.length) },
    });
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
