import { type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import type { TFunction } from "i18next";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { ErrorList, errorAria, useForm } from "~/components/forms";
import { useFormats } from "~/i18n/format";
import {
  allQuestions,
  type Answers,
  type AnswerValue,
  type QuestionDefinition,
  type QuestionnaireDefinition,
  type ShownWhen,
} from "./definition";
import {
  MAX_PARAGRAPH_LENGTH,
  MAX_TEXT_LENGTH,
  parseAnswers,
  postedStrings,
  shownQuestionKeys,
  translateAnswerError,
} from "./schema";
import { definitionText, useQuestionnaireTranslation } from "./texts";

// The form of any questionnaire, rendered from its definition as plain HTML controls that submit
// without JavaScript. With JavaScript it also hides questions whose shown-when condition does not
// hold and keeps exclusive options exclusive; the server schema enforces both rules either way.
// Its own words and the built-in questionnaires' texts show in the page's language (decision 074).

/**
 * conform's useForm wired to a questionnaire's schema. Default values are the member's stored
 * Answers as they are (conform turns numbers into text and true into "on"); after a refused
 * submit conform shows what was posted instead.
 */
export function useQuestionnaireForm(options: {
  id: string;
  definition: QuestionnaireDefinition;
  defaultValue?: Answers | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { id, definition, defaultValue, lastResult } = options;
  return useForm<Answers>({
    id,
    lastResult,
    defaultValue: defaultValue ?? undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseAnswers(formData, definition),
  });
}

type QuestionField = FieldMetadata<AnswerValue, Answers, string[]>;

export function QuestionnaireFields({
  definition,
  form,
  page,
  readOnly = false,
}: {
  definition: QuestionnaireDefinition;
  form: FormMetadata<Answers>;
  /** Index of the one page to render; all pages when absent. */
  page?: number;
  /** Disabled controls showing the answers, e.g. once a profile questionnaire is submitted. */
  readOnly?: boolean;
}) {
  const hydrated = useHydrated();
  const { t } = useQuestionnaireTranslation();
  const fields = form.getFieldset();
  // Before hydration (and so without JavaScript) every question shows, with a hint saying when to
  // answer it: only the server can apply the conditions then.
  const shown = hydrated ? shownQuestionKeys(definition, form.value ?? {}) : null;
  const hidden = shown
    ? allQuestions(definition)
        .filter((question) => !shown.has(question.key))
        .map((question) => question.key)
        .join(" ")
    : "";
  const root = useRef<HTMLDivElement>(null);

  // Hidden controls are disabled, so they are not posted; clearing them as well means a question
  // shown again starts empty rather than with an answer to a condition that no longer held.
  useEffect(() => {
    if (!root.current || hidden === "") return;
    const keys = new Set(hidden.split(" "));
    for (const control of root.current.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      "input, select, textarea",
    )) {
      if (!keys.has(control.name)) continue;
      if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
        control.checked = false;
      } else control.value = "";
    }
  }, [hidden]);

  const pages = page === undefined ? definition.pages : definition.pages.slice(page, page + 1);
  return (
    <div ref={root}>
      {pages.map((each, index) => {
        const questions = each.questions.map((question) => {
          const field = fields[question.key];
          return (
            <Question
              key={`${question.key}:${field.key ?? ""}`}
              question={question}
              field={field}
              hidden={shown !== null && !shown.has(question.key)}
              hint={shown === null && question.shownWhen ? conditionHint(t, definition, question.shownWhen) : undefined}
              readOnly={readOnly}
            />
          );
        });
        return definition.pages.length > 1 ? (
          <fieldset key={index} className="mb-6">
            <legend className="mb-3 text-base font-semibold text-slate-900">{definitionText(t, each.title)}</legend>
            {questions}
          </fieldset>
        ) : (
          <div key={index}>{questions}</div>
        );
      })}
    </div>
  );
}

function conditionHint(t: TFunction, definition: QuestionnaireDefinition, condition: ShownWhen): string {
  const source = allQuestions(definition).find((question) => question.key === condition.question);
  const option = source?.options.find((each) => each.value === condition.option);
  return t("Answer only if you chose '{{option}}' above.", {
    option: option ? definitionText(t, option.label) : condition.option,
  });
}

/** The required star, read out as "(required)" by screen readers. */
export function RequiredMarker() {
  const { t } = useQuestionnaireTranslation();
  return (
    <>
      <span aria-hidden="true" className="text-red-600">
        {" *"}
      </span>
      <span className="sr-only"> {t("(required)")}</span>
    </>
  );
}

const borderClass = (invalid: boolean) => (invalid ? "border-red-600" : "border-slate-300");

function Question({
  question,
  field,
  hidden,
  hint,
  readOnly,
}: {
  question: QuestionDefinition;
  field: QuestionField;
  hidden: boolean;
  hint: string | undefined;
  readOnly: boolean;
}) {
  const { t } = useQuestionnaireTranslation();
  const formats = useFormats();
  const invalid = Boolean(field.errors?.length);
  const hintId = hint ? `${field.id}-hint` : undefined;
  const control = {
    name: field.name,
    disabled: readOnly || hidden,
    ...errorAria(invalid ? field.errorId : undefined, hintId),
  };
  const initial = postedStrings(field.initialValue) ?? [];
  const label = (
    <>
      {definitionText(t, question.label)}
      {question.required && question.type !== "switch" ? <RequiredMarker /> : null}
    </>
  );
  const footer = (
    <>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList
        id={field.errorId}
        errors={field.errors?.map((message) => translateAnswerError(t, formats.number, question, message))}
      />
    </>
  );

  if (question.type === "radio" || question.type === "checkbox") {
    const checkbox = question.type === "checkbox";
    const regular = question.options.filter((option) => !(checkbox && option.exclusive));
    const exclusive = question.options.filter((option) => checkbox && option.exclusive);
    const choice = (option: QuestionDefinition["options"][number]) => {
      const index = question.options.indexOf(option);
      return (
        <label key={option.value} className="tap-row text-sm text-slate-800">
          <input
            {...control}
            type={question.type}
            id={`${field.id}-${index}`}
            value={option.value}
            defaultChecked={initial.includes(option.value)}
            data-exclusive={option.exclusive && checkbox ? "" : undefined}
          />
          {definitionText(t, option.label)}
        </label>
      );
    };
    return (
      <fieldset id={field.id} className="mb-4" hidden={hidden} onChange={checkbox ? keepExclusive : undefined}>
        <legend className="text-sm font-medium text-slate-800">{label}</legend>
        <div className={`mt-1 rounded-md border px-3 py-1 ${borderClass(invalid)}`}>
          {regular.map(choice)}
          {exclusive.length > 0 ? (
            <>
              {/* A checkbox, not a radio, because only script could untick a radio again. */}
              <div className="my-1 flex items-center gap-2 text-xs text-slate-500">
                <span className="h-px flex-1 bg-slate-200" />
                {t("or")}
                <span className="h-px flex-1 bg-slate-200" />
              </div>
              {exclusive.map(choice)}
            </>
          ) : null}
        </div>
        {footer}
      </fieldset>
    );
  }

  if (question.type === "switch") {
    return (
      <div className="mb-4" hidden={hidden}>
        {/* The whole row is the label, so a tap on the words works as well as one on the switch. */}
        <label htmlFor={field.id} className="tap-row">
          {/* The real checkbox lies transparent over the drawn switch, so it gets the taps. */}
          <span className="relative inline-block h-6 w-11 shrink-0">
            <input
              {...control}
              type="checkbox"
              role="switch"
              id={field.id}
              value="on"
              defaultChecked={initial.includes("on")}
              className="peer absolute inset-0 z-10 m-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
            />
            <span
              aria-hidden="true"
              className={`pointer-events-none block h-6 w-11 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 peer-disabled:opacity-60${
                invalid ? " ring-2 ring-red-600" : ""
              }`}
            />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute left-0.5 top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
            />
          </span>
          <span className="text-sm font-medium text-slate-800">{label}</span>
        </label>
        {footer}
      </div>
    );
  }

  const boxClass = `mt-1 block w-full rounded-md border px-3 py-2 text-base disabled:bg-slate-100 disabled:text-slate-600 ${borderClass(invalid)}`;
  let input: ReactNode;
  if (question.type === "select") {
    input = (
      <select {...control} id={field.id} defaultValue={initial[0] ?? ""} className={`${boxClass} bg-white`}>
        <option value="">{t("Select…")}</option>
        {question.options.map((option) => (
          <option key={option.value} value={option.value}>
            {definitionText(t, option.label)}
          </option>
        ))}
      </select>
    );
  } else if (question.type === "paragraph") {
    input = (
      <textarea
        {...control}
        id={field.id}
        rows={4}
        maxLength={MAX_PARAGRAPH_LENGTH}
        defaultValue={initial[0] ?? ""}
        className={boxClass}
      />
    );
  } else {
    input = (
      <input
        {...control}
        id={field.id}
        type={question.type === "number" ? "number" : "text"}
        step={question.type === "number" ? "any" : undefined}
        maxLength={question.type === "number" ? undefined : MAX_TEXT_LENGTH}
        defaultValue={initial[0] ?? ""}
        className={boxClass}
      />
    );
  }
  return (
    <div className="mb-4" hidden={hidden}>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {input}
      {footer}
    </div>
  );
}

/**
 * Ticking the exclusive option unticks the group's other boxes, and ticking another box unticks
 * the exclusive one. React handles a checkbox's change on its click, before the input event from
 * which conform reads the whole form, so conform sees the boxes as they end up.
 */
function keepExclusive(event: FormEvent<HTMLFieldSetElement>) {
  const ticked = event.target;
  if (!(ticked instanceof HTMLInputElement) || ticked.type !== "checkbox" || !ticked.checked) return;
  const tickedExclusive = ticked.dataset.exclusive !== undefined;
  for (const box of event.currentTarget.querySelectorAll<HTMLInputElement>("input[type=checkbox]")) {
    if (box !== ticked && (tickedExclusive || box.dataset.exclusive !== undefined)) box.checked = false;
  }
}
