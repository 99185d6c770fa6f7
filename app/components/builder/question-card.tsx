import {
  canBeCheck,
  conditionChoices,
  errorKey,
  isChoice,
  PALETTE,
  type BuilderAction,
  type BuilderDraft,
  type DraftErrors,
} from "~/builder/draft";
import { checkOfValue, conditionOfValue, conditionValue, field, intent } from "~/builder/intents";
import { ErrorList, errorAria } from "~/components/forms";
import type { QuestionType } from "~/questionnaire/definition";
import { EditableName } from "./editable-name";
import { AddOptionButton, DeleteOptionButton, DeleteQuestionButton } from "./editor-buttons";
import { TypePicker } from "./type-picker";

// One question of the question editor, shared by the survey/screener builder and the profile-set
// editor (decision 042): its name, Required switch, type, options (with the checkbox's Exclusive
// switch) and shown-when condition. Every control is a submit button with an intent or an input
// named by app/builder/intents.ts `field`, so without JavaScript the server reads the post the same
// way for both editors; with JavaScript (`interactive`) names are click-to-edit and `dispatch`
// applies the same actions at once. What differs between the editors is configuration: the type
// choices offered and the ids' prefix.

export const TYPE_CHOICES = PALETTE.map((entry) => ({ value: entry.type, label: entry.label }));

export function QuestionCard({
  draft,
  page,
  index,
  question,
  errors,
  interactive,
  dispatch,
  typeChoices = TYPE_CHOICES,
  attentionChecks = false,
}: {
  draft: BuilderDraft;
  page: number;
  index: number;
  question: BuilderDraft["pages"][number]["questions"][number];
  errors: DraftErrors;
  interactive: boolean;
  dispatch: (action: BuilderAction) => void;
  /** The types offered, in the editor's order (the builder's palette by default). */
  typeChoices?: readonly { value: string; label: string }[];
  /** Whether a radio or select question can be marked as an attention check (hosted surveys). */
  attentionChecks?: boolean;
}) {
  const typeId = `builder-type-${page}-${index}`;
  const typeError = errors[field.type(page, index)];
  const optionsError = errors[errorKey.options(page, index)];
  return (
    <div role="group" aria-label={`Question ${index + 1}`} className="rounded-md border border-slate-200 p-3">
      <EditableName
        id={`builder-question-${page}-${index}`}
        label="Question name"
        name={field.question(page, index)}
        value={question.name}
        interactive={interactive}
        onSave={(value) => dispatch({ type: "rename-question", page, question: index, value })}
        error={errors[errorKey.question(page, index)]}
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          name="intent"
          value={intent.setRequired(page, index, !question.required)}
          role="switch"
          aria-checked={question.required}
          className="flex items-center gap-2 text-sm"
        >
          <span
            aria-hidden="true"
            className={`relative inline-block h-5 w-9 rounded-full transition-colors ${question.required ? "bg-brand-600" : "bg-slate-300"}`}
          >
            <span
              className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-transform ${question.required ? "left-4" : "left-0.5"}`}
            />
          </span>
          Required
        </button>
        <TypePicker
          id={typeId}
          choices={typeChoices}
          selectProps={{
            name: field.type(page, index),
            value: question.type,
            onChange: (event) =>
              dispatch({
                type: "change-type",
                page,
                question: index,
                questionType: event.target.value as QuestionType,
              }),
          }}
          interactive={interactive}
          applyIntent={intent.changeType(page, index)}
          errors={typeError ? [typeError] : undefined}
        />
        <span className="ml-auto">
          <DeleteQuestionButton page={page} question={index} />
        </span>
      </div>
      {isChoice(question.type) ? (
        <div className="mt-3 rounded-md bg-slate-50 p-3">
          <p className="text-sm font-medium">Options</p>
          <ErrorList id={`builder-options-${page}-${index}-error`} errors={optionsError ? [optionsError] : undefined} />
          <ol className="mt-1 space-y-2">
            {question.options.map((option, o) => (
              <li key={o} className="flex flex-wrap items-start gap-2">
                <EditableName
                  id={`builder-option-${page}-${index}-${o}`}
                  label={`Option ${o + 1}`}
                  name={field.option(page, index, o)}
                  value={option}
                  interactive={interactive}
                  onSave={(value) => dispatch({ type: "rename-option", page, question: index, option: o, value })}
                  error={errors[errorKey.option(page, index, o)]}
                />
                {question.type === "checkbox" ? (
                  <ExclusiveSwitch page={page} question={index} option={o} on={question.exclusive === o} />
                ) : null}
                <DeleteOptionButton page={page} question={index} option={o} />
              </li>
            ))}
          </ol>
          <AddOptionButton page={page} question={index} />
        </div>
      ) : null}
      {attentionChecks && (canBeCheck(question.type) || question.check !== undefined) ? (
        <CheckPicker
          page={page}
          question={index}
          options={question.options}
          current={question.check}
          error={errors[errorKey.check(page, index)]}
          interactive={interactive}
          dispatch={dispatch}
        />
      ) : null}
      <ConditionPicker
        draft={draft}
        page={page}
        question={index}
        errors={errors}
        interactive={interactive}
        dispatch={dispatch}
      />
    </div>
  );
}

/**
 * Marks the question as an attention check with the option that passes it (decision 071): a member
 * who answers otherwise ends the survey as a quality termination. Without JavaScript the picker is
 * applied by its own button, like the condition.
 */
function CheckPicker({
  page,
  question,
  options,
  current,
  error,
  interactive,
  dispatch,
}: {
  page: number;
  question: number;
  options: readonly string[];
  current: number | undefined;
  error: string | undefined;
  interactive: boolean;
  dispatch: (action: BuilderAction) => void;
}) {
  const id = `builder-check-${page}-${question}`;
  const value = current === undefined ? "" : String(current);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <label htmlFor={id} className="text-sm">
        Attention check
      </label>
      <select
        id={id}
        name={field.check(page, question)}
        value={value}
        onChange={(event) => {
          const option = checkOfValue(event.target.value);
          if (option !== undefined) dispatch({ type: "set-check", page, question, option });
        }}
        {...errorAria(error ? `${id}-error` : undefined)}
        className="max-w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        <option value="">Not a check</option>
        {current !== undefined && current >= options.length ? (
          <option value={value}>(an option that no longer exists)</option>
        ) : null}
        {options.map((option, o) => (
          <option key={o} value={String(o)}>
            {`Passes with: ${option}`}
          </option>
        ))}
      </select>
      {interactive ? null : (
        <button
          type="submit"
          name="intent"
          value={intent.setCheck(page, question)}
          className="btn-secondary px-2 py-1 text-sm"
        >
          Set check
        </button>
      )}
      <ErrorList id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}

/** Marks the option that cannot be combined with the others ("None of these"); one per question. */
function ExclusiveSwitch({
  page,
  question,
  option,
  on,
}: {
  page: number;
  question: number;
  option: number;
  on: boolean;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent.setExclusive(page, question, option, !on)}
      role="switch"
      aria-checked={on}
      className={`rounded-md border px-2 py-1 text-sm ${on ? "border-brand-600 bg-brand-50 text-brand-700" : "border-slate-300 bg-white"}`}
    >
      Exclusive<span className="sr-only"> (option {option + 1})</span>
    </button>
  );
}

/**
 * The question's shown-when condition: always, or only when an option of an earlier choice
 * question is chosen. Without JavaScript the picker is applied by its own button, like the type.
 */
function ConditionPicker({
  draft,
  page,
  question,
  errors,
  interactive,
  dispatch,
}: {
  draft: BuilderDraft;
  page: number;
  question: number;
  errors: DraftErrors;
  interactive: boolean;
  dispatch: (action: BuilderAction) => void;
}) {
  const choices = conditionChoices(draft, { page, question });
  const current = draft.pages[page]?.questions[question]?.shownWhen;
  const error = errors[errorKey.condition(page, question)];
  // The first question has nothing to depend on; a condition that points nowhere still shows, to be fixed.
  if (choices.length === 0 && !current) return null;
  const id = `builder-condition-${page}-${question}`;
  const value = conditionValue(current);
  const listed = choices.some((choice) => conditionValue(choice.condition) === value);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <label htmlFor={id} className="text-sm">
        Shown when
      </label>
      <select
        id={id}
        name={field.condition(page, question)}
        value={value}
        onChange={(event) => {
          const condition = conditionOfValue(event.target.value);
          if (condition !== undefined) dispatch({ type: "set-condition", page, question, condition });
        }}
        {...errorAria(error ? `${id}-error` : undefined)}
        className="max-w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        <option value="">Always</option>
        {listed || !current ? null : <option value={value}>(an option that no longer exists)</option>}
        {choices.map((choice) => (
          <option key={conditionValue(choice.condition)} value={conditionValue(choice.condition)}>
            {`${choice.question}: ${choice.option}`}
          </option>
        ))}
      </select>
      {interactive ? null : (
        <button
          type="submit"
          name="intent"
          value={intent.setCondition(page, question)}
          className="btn-secondary px-2 py-1 text-sm"
        >
          Set condition
        </button>
      )}
      <ErrorList id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}
