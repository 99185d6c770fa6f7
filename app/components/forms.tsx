import { getInputProps, useForm as useConformForm, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import {
  useEffect,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useTranslation } from "react-i18next";
import { FIELD_MESSAGE_TEMPLATES, translateKnown, translateWith } from "~/lib/text-templates";

// Field components shared by every form, so all forms look and behave alike: a label, the control,
// and a fixed error slot wired with aria-invalid and aria-describedby. They render plain HTML
// controls that submit without JavaScript. The error slot's id is always `${id}-error`, the id
// conform gives a field's errorId, so conform's own aria attributes point at the same element.
// How to write a form with them: docs/forms.md.

/**
 * conform's useForm, for every form of the app (the lint forbids the library's own). conform
 * subscribes a component to the form state its last render read and forgets it each time that
 * component renders again; the fields' errors are read by InputField and ErrorList, children of
 * the component that owns the form. A hook that re-renders the owner to no effect (react-i18next's
 * useTranslation does once after mount) renders it without its children, so the errors were
 * forgotten and a refused value showed no message with JavaScript on. Reading every error here, in
 * the owner, keeps them: an error re-renders the whole form, which is small.
 */
export const useForm: typeof useConformForm = (options) => {
  const [form, fields] = useConformForm(options);
  void form.allErrors;
  return [form, fields];
};

/** The id of a field's error list while it has errors, for aria-describedby. */
function errorIdOf(id: string, errors: string[] | null | undefined): string | undefined {
  return errors?.some(Boolean) ? `${id}-error` : undefined;
}

/** A field's help text, which the control names in aria-describedby before its errors. */
function Hint({ id, children, className = "mt-1" }: { id?: string; children: ReactNode; className?: string }) {
  return children ? (
    <p id={id} className={`${className} text-xs text-slate-500`}>
      {children}
    </p>
  ) : null;
}

/** The form's own messages (not a field's): announced as they appear, in the same place on every form. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] | null }) {
  return (
    <div role="alert">
      <ErrorList id={id} errors={errors} />
    </div>
  );
}

/** aria-describedby from several optional ids (a hint and the error list), or nothing. */
function describedBy(...ids: (string | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

/**
 * The aria attributes of a control: invalid while its error list (of id `errorId`) is shown, and
 * described by its hint and that list. Every control of the site, kit or not, takes them from here.
 */
export function errorAria(errorId: string | undefined, hintId?: string) {
  return { "aria-invalid": errorId ? true : undefined, "aria-describedby": describedBy(hintId, errorId) };
}

/** The ids of a control's hint and error list, and the aria attributes that point at them. */
function fieldAria(id: string, errors: string[] | null | undefined, hint?: ReactNode) {
  const errorId = errorIdOf(id, errors);
  const hintId = hint ? `${id}-hint` : undefined;
  return { errorId, hintId, aria: errorAria(errorId, hintId) };
}

/**
 * A form's message in the page's language: schemas and actions give English texts (marked with tr(),
 * decision 074), a message with a value ("Must be at most 50 characters.") by its template.
 */
function useFormMessage(): (message: string) => string {
  const { t } = useTranslation();
  return (message) => translateKnown(translateWith(t), message, FIELD_MESSAGE_TEMPLATES);
}

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const message = useFormMessage();
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return null;
  // The spec shows the first message per field, translated here, where it is shown.
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message(shown[0]!)}
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
  const { errorId, hintId, aria } = fieldAria(id, errors, hint);
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        {...aria}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-base ${
          errorId ? "border-red-600" : "border-slate-300"
        } ${inputProps.className ?? ""}`}
      />
      <Hint id={hintId}>{hint}</Hint>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

type TextInputType = "text" | "email" | "password" | "number" | "tel" | "url" | "search" | "date" | "datetime-local";

/**
 * A Field for a conform field: its name, id, value, constraints and errors come from the field's
 * metadata; `hideValue` keeps what was typed off the page (passwords, codes).
 */
export function InputField<Schema>({
  label,
  field,
  type = "text",
  hideValue = false,
  hint,
  ...attributes
}: {
  label: ReactNode;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's field, as conform's own helpers take it
  field: FieldMetadata<Schema, any, string[]>;
  type?: TextInputType;
  hideValue?: boolean;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "form" | "defaultValue" | "value">) {
  const { key, ...inputProps } = getInputProps(field, hideValue ? { type, value: false } : { type });
  return (
    <Field key={key} label={label} inputProps={{ ...inputProps, ...attributes }} errors={field.errors} hint={hint} />
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
  const { errorId, aria } = fieldAria(selectProps.id, errors);
  return (
    <div className="mb-4">
      <label htmlFor={selectProps.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        {...selectProps}
        {...aria}
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

/** A search form's list: "Any …" first (the empty value, no filter), then the choices. */
export function FilterSelect({
  id,
  name = id,
  label,
  any,
  choices,
  value,
  errors,
}: {
  id: string;
  name?: string;
  label: ReactNode;
  /** The first option's text, "Any status"; none when the filter always has a value. */
  any?: string;
  choices: readonly { value: string; label: ReactNode }[];
  value: string | undefined;
  errors?: string[] | null;
}) {
  return (
    <SelectField label={label} errors={errors} selectProps={{ id, name, defaultValue: value ?? "" }}>
      {any ? <option value="">{any}</option> : null}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </SelectField>
  );
}

/** What every field shows around its control: a label, a hint, the error list. */
type Frame = { label: ReactNode; errors?: string[] | null; hint?: ReactNode };

export function TextareaField({
  label,
  textareaProps,
  errors,
  hint,
}: Frame & { textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string } }) {
  const { errorId, hintId, aria } = fieldAria(textareaProps.id, errors, hint);
  const { id } = textareaProps;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        {...textareaProps}
        {...aria}
        className={`mt-1 block w-full rounded-md border px-3 py-2 ${errorId ? "border-red-600" : "border-slate-300"} ${
          textareaProps.className ?? "text-base"
        }`}
      />
      <Hint id={hintId}>{hint}</Hint>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** One checkbox with its label beside it: a yes/no setting. */
export function CheckboxField({
  label,
  inputProps,
  errors,
  hint,
}: Frame & { inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string } }) {
  const { id } = inputProps;
  const { errorId, hintId, aria } = fieldAria(id, errors, hint);
  return (
    <div className="mb-4">
      <label htmlFor={id} className="tap-row text-sm text-slate-800">
        <input value="on" {...inputProps} type="checkbox" {...aria} />
        <span>{label}</span>
      </label>
      <Hint id={hintId} className="ml-8">
        {hint}
      </Hint>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/**
 * A required "I confirm …" box that a destructive or irreversible action asks for (delete an
 * account, approve a payout, rotate a secret). Without JavaScript the box is the confirmation;
 * a page whose script asks with a dialog instead passes `confirmedElsewhere` once hydrated, and
 * the box becomes a hidden "on". The error slot stays either way, for the server's message.
 */
export function ConfirmationField({
  id,
  name = "confirmed",
  label,
  errors,
  confirmedElsewhere = false,
  defaultChecked,
}: {
  id: string;
  name?: string;
  label: ReactNode;
  errors?: string[] | null;
  confirmedElsewhere?: boolean;
  /** Ticked again when the form comes back for another reason (conform's submitted value). */
  defaultChecked?: boolean;
}) {
  const { errorId, aria } = fieldAria(id, errors);
  return (
    <div className="mb-3">
      {confirmedElsewhere ? (
        <input type="hidden" name={name} value="on" />
      ) : (
        <label htmlFor={id} className="tap-row text-sm text-slate-800">
          <input id={id} type="checkbox" name={name} value="on" required defaultChecked={defaultChecked} {...aria} />
          <span>{label}</span>
        </label>
      )}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export type Choice = { value: string; label: ReactNode };

/** The props a group field takes from a conform field (`{...groupOf(fields.gender)}`). */
export function groupOf(field: {
  id: string;
  name: string;
  errors?: string[];
  initialValue?: unknown;
  required?: boolean;
}) {
  const initial = field.initialValue;
  const values = Array.isArray(initial)
    ? initial.filter((value) => typeof value === "string")
    : typeof initial === "string"
      ? [initial]
      : [];
  return { id: field.id, name: field.name, errors: field.errors, defaultValue: values, required: field.required };
}

type GroupProps = {
  legend: ReactNode;
  id: string;
  name: string;
  choices: Choice[];
  /** The values chosen when the page is shown. */
  defaultValue?: readonly string[] | string | null;
  errors?: string[] | null;
  hint?: ReactNode;
  required?: boolean;
};

function ChoiceGroup({
  type,
  legend,
  id,
  name,
  choices,
  defaultValue,
  errors,
  hint,
  required,
}: GroupProps & { type: "radio" | "checkbox" }) {
  const errorId = errorIdOf(id, errors);
  const hintId = hint ? `${id}-hint` : undefined;
  const chosen = new Set(typeof defaultValue === "string" ? [defaultValue] : (defaultValue ?? []));
  return (
    <fieldset id={id} className="mb-4" aria-describedby={describedBy(hintId, errorId)}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <Hint id={hintId}>{hint}</Hint>
      <div className="mt-1 flex flex-wrap gap-x-6">
        {choices.map((choice) => (
          <label key={choice.value} htmlFor={`${id}-${choice.value}`} className="tap-row text-sm text-slate-800">
            <input
              id={`${id}-${choice.value}`}
              type={type}
              name={name}
              value={choice.value}
              defaultChecked={chosen.has(choice.value)}
              // A radio group is answered by any one of its buttons; a checkbox group's minimum is the server's.
              required={type === "radio" ? required : undefined}
              aria-invalid={errorId ? true : undefined}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

/** One answer out of a few, each a radio button with its label. */
export function RadioGroupField(props: GroupProps) {
  return <ChoiceGroup type="radio" {...props} />;
}

/** Any number of answers, each a checkbox with its label; posted as repeated values of one name. */
export function CheckboxGroupField(props: GroupProps) {
  return <ChoiceGroup type="checkbox" {...props} />;
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
  const pending = navigation.state === "submitting" && (name === undefined || navigation.formData?.get(name) === value);
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
  const { t } = useTranslation();
  return (
    <>
      <option value="">{t("Select country")}</option>
      {countries.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </>
  );
}

/** The first of the form's own messages in a red box above the fields (account deletion, password change). */
export function FormAlert({ id, errors }: { id?: string; errors?: string[] | null }) {
  const message = useFormMessage();
  // Translated here like ErrorList's (decision 074).
  return errors?.length ? (
    <p role="alert" id={id} className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message(errors[0]!)}
    </p>
  ) : null;
}
