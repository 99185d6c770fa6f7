import { Form } from "@remix-run/react";
import { useMemo, useState, type FormEvent } from "react";
import { editorReducer, type BuilderAction, type DraftErrors } from "~/builder/draft";
import { actionOfIntent, intent } from "~/builder/intents";
import { QuestionCard } from "~/components/builder/question-card";
import { useHydrated } from "~/components/use-hydrated";
import {
  questionTypeLabel,
  setEditorConfig,
  SET_TYPE_CHOICES,
  toEditorDraft,
  type DraftQuestion,
} from "~/domain/profile-survey-set-schema";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";

// The questions of a profile survey set: read-only, and as the one question editor (decision 042):
// the builder's question card, field names and intents on the set's one page, configured by
// setEditorConfig. The set travels in the form as the editor's draft (field `draft`) and nothing is
// stored until Save. Without JavaScript every button posts it with the names typed and the server
// applies the button with the same reducer; with JavaScript the buttons apply at once here.
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
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                Required
              </span>
            ) : null}
          </div>
          <p className="mt-1 text-sm text-slate-600">Type: {questionTypeLabel(question.typeCode)}</p>
          {question.shownWhen ? (
            <p className="mt-1 text-sm text-slate-600">
              Shown when question {question.shownWhen.question + 1} is answered &lsquo;
              {questions[question.shownWhen.question]?.options[question.shownWhen.option]?.label}&rsquo;
            </p>
          ) : null}
          {question.options.length > 0 ? (
            <ul aria-label={`Options of question ${index + 1}`} className="mt-2 list-disc pl-6 text-sm">
              {question.options.map((option, optionIndex) => (
                <li key={option.value}>
                  {option.label}
                  {question.exclusive === optionIndex ? (
                    <span className="text-slate-600"> (only on its own)</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export const EDITOR_FORM_ID = "profile-question-editor";

/** The form's errors by the builder's keys, one message each as the shared card shows them. */
function firstMessages(errors: EditorErrors): DraftErrors {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([key, messages]) => (messages?.[0] ? [[key, messages[0]]] : [])),
  );
}

/** A FormResult's `error`: each field's messages by the builder's keys, the form's own under "". */
type EditorErrors = Record<string, string[] | null>;

export function QuestionEditor({
  questions,
  version,
  errors,
  stored,
}: {
  questions: DraftQuestion[];
  version: string;
  errors: EditorErrors;
  /** The set's stored definition: its codes stay reserved (setEditorConfig). */
  stored: QuestionnaireDefinition;
}) {
  const hydrated = useHydrated();
  const reduce = useMemo(() => editorReducer(setEditorConfig(stored)), [stored]);
  const [draft, setDraft] = useState(() => toEditorDraft(questions));
  const [shownErrors, setShownErrors] = useState(errors);
  const dispatch = (action: BuilderAction) => {
    setDraft((current) => reduce(current, action));
    setShownErrors({});
  };
  // With JavaScript every button but Save is applied here at once by the same reducer; Save posts
  // the draft (the hidden field) like the form without JavaScript.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const value = submitter instanceof HTMLButtonElement ? submitter.value : intent.save;
    if (value === intent.save) return;
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const action = actionOfIntent(value, (name) => formData.get(name));
    if (action) dispatch(action);
  };
  const cardErrors = firstMessages(shownErrors);
  return (
    <Form
      method="post"
      id={EDITOR_FORM_ID}
      onSubmit={onSubmit}
      preventScrollReset
      noValidate
      className="mt-4 space-y-4"
    >
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="draft" value={JSON.stringify(draft)} />
      <div role="alert">
        {(shownErrors[""] ?? []).map((message) => (
          <p key={message} className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
            {message}
          </p>
        ))}
      </div>
      <ol className="space-y-3">
        {(draft.pages[0]?.questions ?? []).map((question, index) => (
          <li key={question.key ?? index}>
            <QuestionCard
              draft={draft}
              page={0}
              index={index}
              question={question}
              errors={cardErrors}
              interactive={hydrated}
              dispatch={dispatch}
              typeChoices={SET_TYPE_CHOICES}
            />
          </li>
        ))}
      </ol>
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
