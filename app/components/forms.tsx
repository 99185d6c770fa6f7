import { useNavigation } from "@remix-run/react";
import { useEffect, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

// Field components shared by every form, so all forms look and behave alike: a label, the control,
// and a fixed error slot wired with aria-invalid and aria-describedby. They render plain HTML
// controls that submit without JavaScript.

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return null;
  // The spec shows the first message per field.
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {shown[0]}
    </p>
  );
}

export function Field({
  label,
  inputProps,
  errors,
  hint,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: string[] | null;
  hint?: ReactNode;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-base ${
          errorId ? "border-red-600" : "border-slate-300"
        } ${inputProps.className ?? ""}`}
      />
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  selectProps,
  errors,
  children,
}: {
  label: ReactNode;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string };
  errors?: string[] | null;
  children: ReactNode;
}) {
  const errorId = errors?.length ? `${selectProps.id}-error` : undefined;
  return (
    <div className="mb-4">
      <label htmlFor={selectProps.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        {...selectProps}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base ${
          errorId ? "border-red-600" : "border-slate-300"
        }`}
      >
        {children}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A submit button that says it is working while its form is being submitted (with JavaScript). */
export function SubmitButton({
  children,
  pendingText,
  className = "btn-primary",
  name,
  value,
}: {
  children: ReactNode;
  pendingText: string;
  className?: string;
  name?: string;
  value?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && (name === undefined || navigation.formData?.get(name) === value);
  return (
    <button type="submit" name={name} value={value} className={className} disabled={pending}>
      {pending ? pendingText : children}
    </button>
  );
}

/**
 * With JavaScript the browser keeps what was typed in a field after a refused submit; without it
 * the page comes back without a password. This clears the field after each answer, so both agree.
 */
export function useClearedAfterSubmit(lastResult: unknown, fieldId: string) {
  useEffect(() => {
    const input = document.getElementById(fieldId);
    if (lastResult && input instanceof HTMLInputElement) input.value = "";
  }, [lastResult, fieldId]);
}

/** The options of a country select: an empty choice first, then every country by name. */
export function CountryOptions({ countries }: { countries: { code: string; name: string }[] }) {
  return (
    <>
      <option value="">Select country</option>
      {countries.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </>
  );
}
