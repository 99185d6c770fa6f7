import { useEffect, useState } from "react";
import { errorAria } from "~/components/forms";

// The rows of the Survey Demographics form: a question picker and an option picker per row. Every
// row posts `question` and `option` (a select always posts), so the server pairs them by position.
// Without JavaScript the option picker lists every question's options in groups, and the server
// checks that the option belongs to the question; with it, only the chosen question's options show.

export interface DemographicQuestion {
  id: number;
  label: string;
  questionnaire: string;
  options: { id: number; label: string }[];
}

export interface DemographicRowValue {
  question: string;
  option: string;
}

export function DemographicRows({
  questions,
  rows,
  errors,
}: {
  questions: DemographicQuestion[];
  rows: DemographicRowValue[];
  errors: Record<number, string>;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <ol className="space-y-3">
      {rows.map((row, index) => (
        // Rows are only ever added at the end, so the index is a stable key.
        <DemographicRow
          key={index}
          index={index}
          questions={questions}
          row={row}
          error={errors[index]}
          filtered={hydrated}
        />
      ))}
    </ol>
  );
}

function DemographicRow({
  index,
  questions,
  row,
  error,
  filtered,
}: {
  index: number;
  questions: DemographicQuestion[];
  row: DemographicRowValue;
  error: string | undefined;
  filtered: boolean;
}) {
  const [question, setQuestion] = useState(row.question);
  const [option, setOption] = useState(row.option);
  const errorId = error ? `demographic-${index}-error` : undefined;
  const groups = filtered ? questions.filter((candidate) => String(candidate.id) === question) : questions;
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <fieldset aria-describedby={errorId}>
        <legend className="text-sm font-semibold">Demographic {index + 1}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <div>
            <label htmlFor={`question-${index}`} className="block text-sm font-medium text-slate-800">
              Question
            </label>
            <select
              id={`question-${index}`}
              name="question"
              value={question}
              onChange={(event) => {
                setQuestion(event.target.value);
                setOption("");
              }}
              {...errorAria(errorId)}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
            >
              <option value="">Select question</option>
              {questions.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.label} ({candidate.questionnaire})
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`option-${index}`} className="block text-sm font-medium text-slate-800">
              Option
            </label>
            <select
              id={`option-${index}`}
              name="option"
              value={option}
              onChange={(event) => setOption(event.target.value)}
              {...errorAria(errorId)}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
            >
              <option value="">Select option</option>
              {groups.map((group) => (
                <optgroup key={group.id} label={group.label}>
                  {group.options.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
        </div>
        {error ? (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </fieldset>
    </li>
  );
}
