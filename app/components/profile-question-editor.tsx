import { Form, useSubmit } from "@remix-run/react";
import type { ChangeEvent } from "react";
import { intent } from "~/builder/intents";
import { AddOptionButton, DeleteOptionButton, DeleteQuestionButton } from "~/components/builder/editor-buttons";
import { TypePicker } from "~/components/builder/type-picker";
import { ErrorList, Field } from "~/components/forms";
import { useHydrated } from "~/components/use-hydrated";
import {
  draftField,
  isChoiceCode,
  PROFILE_QUESTION_TYPES,
  questionTypeLabel,
  type DraftQuestion,
} from "~/domain/profile-survey-set-schema";

// The questions of a profile survey set: read-only, and as the one editor form. Every button of the
// editor is a submit button with an intent in the builder's grammar (app/builder/intents.ts, on the
// set's one page), so without JavaScript each posts the whole set and the server applies it with
// the builder's reducer (decision 042); with JavaScript the same posts go through fetch.

export function QuestionList({ questions }: { questions: DraftQuestion[] }) {
  if (questions.length === 0) return <p className="mt-4 text-slate-600">This set has no questions yet.</p>;
  return (
    <ol className="mt-4 space-y-3">
      {questions.map((question, index) => (
        <li key={question.key} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold">
              {index + 1}. {question.label}
            </h2>
            {question.required ? (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">Required</span>
            ) : null}
          </div>
          <p className="mt-1 text-sm text-slate-600">Type: {questionTypeLabel(question.typeCode)}</p>
          {question.options.length > 0 ? (
            <ul aria-label={`Options of question ${index + 1}`} className="mt-2 list-disc pl-6 text-sm">
              {question.options.map((option) => (
                <li key={option.value}>{option.label}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export const EDITOR_FORM_ID = "profile-question-editor";

const TYPE_CHOICES = PROFILE_QUESTION_TYPES.map((entry) => ({ value: entry.code, label: entry.label }));

export function QuestionEditor({
  questions,
  version,
  errors,
}: {
  questions: DraftQuestion[];
  version: string;
  errors: Record<string, string[]>;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  // With JavaScript a type change is applied at once (its options reset), as in the spec's builder.
  const applyType = (event: ChangeEvent<HTMLSelectElement>, question: number) => {
    const form = event.currentTarget.form;
    if (!form) return;
    const formData = new FormData(form);
    formData.set("intent", intent.changeType(0, question));
    submit(formData, { method: "post", preventScrollReset: true });
  };
  return (
    <Form method="post" id={EDITOR_FORM_ID} preventScrollReset className="mt-4 space-y-4">
      <input type="hidden" name="version" value={version} />
      <div role="alert">
        {(errors.form ?? []).map((message) => (
          <p key={message} className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
            {message}
          </p>
        ))}
      </div>
      {questions.map((question, index) => (
        <fieldset key={question.key} className="rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 font-semibold">Question {index + 1}</legend>
          <input type="hidden" name={draftField.key(index)} value={question.key} />
          <input type="hidden" name={draftField.shownType(index)} value={question.typeCode} />
          <Field
            label="Question title"
            inputProps={{ id: `q-${index}-label`, name: draftField.label(index), defaultValue: question.label, maxLength: 300 }}
            errors={errors[draftField.label(index)]}
          />
          <div className="flex flex-wrap items-end gap-4">
            <label className="mb-4 flex items-center gap-2 text-sm">
              <input type="checkbox" name={draftField.required(index)} value="on" defaultChecked={question.required} />
              Required
            </label>
            <div className="mb-4 flex flex-wrap items-center gap-2">
              <TypePicker
                id={`q-${index}-type`}
                choices={TYPE_CHOICES}
                selectProps={{
                  name: draftField.type(index),
                  defaultValue: question.typeCode,
                  onChange: hydrated ? (event) => applyType(event, index) : undefined,
                }}
                interactive={hydrated}
                applyIntent={intent.changeType(0, index)}
                errors={errors[draftField.type(index)]}
              />
            </div>
          </div>
          {isChoiceCode(question.typeCode) ? (
            <div className="rounded-md bg-slate-50 p-3">
              <p className="text-sm font-medium">Options</p>
              <ErrorList id={`q-${index}-options-error`} errors={errors[draftField.options(index)]} />
              {question.options.map((option, optionIndex) => (
                <div key={option.value} className="mt-2 flex items-start gap-2">
                  <input type="hidden" name={draftField.optionValue(index, optionIndex)} value={option.value} />
                  <div className="grow">
                    <Field
                      label={`Option ${optionIndex + 1}`}
                      inputProps={{
                        id: `q-${index}-o-${optionIndex}`,
                        name: draftField.optionLabel(index, optionIndex),
                        defaultValue: option.label,
                        maxLength: 300,
                      }}
                      errors={errors[draftField.optionLabel(index, optionIndex)]}
                    />
                  </div>
                  <div className="mt-6">
                    <DeleteOptionButton page={0} question={index} option={optionIndex} />
                  </div>
                </div>
              ))}
              <AddOptionButton page={0} question={index} />
            </div>
          ) : null}
          <div className="mt-3 text-right">
            <DeleteQuestionButton page={0} question={index} />
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value={intent.addQuestion("text")} className="btn-secondary">
          Add New Question
        </button>
        <button type="submit" name="intent" value={intent.save} className="btn-primary">
          Save
        </button>
      </div>
    </Form>
  );
}
