import type { SelectHTMLAttributes } from "react";
import { ErrorList, errorAria } from "~/components/forms";

// A question's type in the one question editor (decision 042), for the survey builder and profile
// survey sets alike: the 'Type' select, and without JavaScript its own 'Change type' button (the
// change-type intent), since only script can act on a select's change.

export function TypePicker({
  id,
  choices,
  selectProps,
  interactive,
  applyIntent,
  errors,
}: {
  id: string;
  /** The select's values (engine types in the builder, the spec's type codes in profile sets). */
  choices: readonly { value: string; label: string }[];
  /** name, and value/onChange (controlled) or defaultValue (posted with the whole form). */
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { name: string };
  interactive: boolean;
  applyIntent: string;
  errors?: string[];
}) {
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <>
      <label htmlFor={id} className="text-sm">
        Type
      </label>
      <select
        {...selectProps}
        id={id}
        {...errorAria(errorId)}
        className={`rounded-md border bg-white px-2 py-1 text-sm ${errorId ? "border-red-600" : "border-slate-300"}`}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {interactive ? null : (
        <button type="submit" name="intent" value={applyIntent} className="btn-secondary px-2 py-1 text-sm">
          Change type
        </button>
      )}
      <ErrorList id={errorId} errors={errors} />
    </>
  );
}
