import { useRef, useState, type KeyboardEvent } from "react";
import { ErrorList, errorAria } from "~/components/forms";

// A name in the builder. Without JavaScript it is a visible text input with its own Save button
// (every name input of the form is saved by any button, see app/builder/intents.ts). With
// JavaScript it is the spec's click-to-edit field: a button showing the name; a click turns it into
// an input at least 12 characters wide; Enter or leaving it saves a non-empty value, Escape
// restores the old one.

export function EditableName({
  label,
  name,
  value,
  interactive,
  onSave,
  error,
  id,
  textClassName = "",
}: {
  /** What the name is ("Survey title", "Question name"): the input's label. */
  label: string;
  /** The input's form field name, for the post without JavaScript. */
  name: string;
  value: string;
  /** True once JavaScript runs: click-to-edit instead of an input with a Save button. */
  interactive: boolean;
  onSave: (value: string) => void;
  error?: string;
  id: string;
  textClassName?: string;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(value);
  const button = useRef<HTMLButtonElement>(null);
  // Set when Enter or Escape closed the input, so the blur that follows cannot save again.
  const closed = useRef(false);
  const errorId = error ? `${id}-error` : undefined;
  const inputClass = `rounded-md border px-2 py-1 text-base ${error ? "border-red-600" : "border-slate-300"}`;

  if (!interactive) {
    return (
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={id} className="sr-only">
            {label}
          </label>
          <input
            id={id}
            name={name}
            defaultValue={value}
            size={Math.max(12, Math.min(value.length, 60))}
            {...errorAria(errorId)}
            className={`${inputClass} min-w-[12ch] ${textClassName}`}
          />
          <button type="submit" name="intent" value="save" className="btn-secondary px-2 py-1 text-sm">
            Save<span className="sr-only"> {label}</span>
          </button>
        </div>
        <ErrorList id={errorId} errors={error ? [error] : undefined} />
      </div>
    );
  }

  const finish = (save: boolean) => {
    if (closed.current) return;
    closed.current = true;
    setEditing(false);
    if (save && text.trim() !== "") onSave(text);
    else setText(value);
    // Focus goes back where the admin was, so keyboard editing can continue.
    requestAnimationFrame(() => button.current?.focus());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      // Not the form's submit: Enter saves this one name.
      event.preventDefault();
      finish(true);
    } else if (event.key === "Escape") {
      event.preventDefault();
      finish(false);
    }
  };

  return (
    <div className="min-w-0">
      {editing ? (
        <input
          id={id}
          aria-label={label}
          value={text}
          autoFocus
          size={Math.max(12, Math.min(text.length + 2, 60))}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => finish(true)}
          {...errorAria(errorId)}
          className={`${inputClass} min-w-[12ch] ${textClassName}`}
        />
      ) : (
        <button
          ref={button}
          type="button"
          onClick={() => {
            closed.current = false;
            setText(value);
            setEditing(true);
          }}
          aria-describedby={errorId}
          className={`min-w-[12ch] rounded-md border border-transparent px-2 py-1 text-left hover:border-slate-300 hover:bg-slate-50 ${textClassName}`}
        >
          <span className="sr-only">Edit {label}: </span>
          {value}
        </button>
      )}
      <ErrorList id={errorId} errors={error ? [error] : undefined} />
    </div>
  );
}
