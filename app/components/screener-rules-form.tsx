import type { ReactNode } from "react";
import { ErrorList, errorAria } from "~/components/forms";
import { ANY, isRuleRequired, optionField, ruleFields, type RuleFormValues } from "~/domain/screener-rules";
import type { QuestionDefinition, QuestionnaireDefinition } from "~/questionnaire/definition";
import { RequiredMarker } from "~/questionnaire/form";
import { PAGE_FIELD } from "~/questionnaire/steps";

// The fields of one page of ScreenerValidation, where the admin answers a screener to set its
// rules: plain HTML controls, with hidden inputs carrying the answers of the other pages, so the
// form goes page by page through the server without JavaScript. Numbers take a range (two
// inputs), switches and single choices offer 'Any answer'; text questions only say they are
// never checked (decision 019).

/** A FormResult's `error`: each rule field's messages by its name. */
type Errors = Record<string, string[] | null>;

export function ScreenerRulesFields({
  definition,
  page,
  values,
  errors,
}: {
  definition: QuestionnaireDefinition;
  page: number;
  values: RuleFormValues;
  errors: Errors;
}) {
  const current = definition.pages[page];
  const carried = definition.pages
    .filter((_, index) => index !== page)
    .flatMap((each) => each.questions.flatMap(ruleFields))
    .flatMap((field) => (values[field] ?? []).map((value, index) => ({ field, value, index })));
  return (
    <>
      <input type="hidden" name={PAGE_FIELD} value={page} />
      {carried.map(({ field, value, index }) => (
        <input key={`${field}:${index}`} type="hidden" name={field} value={value} />
      ))}
      <fieldset>
        <legend className="mb-3 text-base font-semibold text-slate-900">{current.title}</legend>
        {current.questions.map((question) => (
          <RuleQuestion key={question.key} question={question} values={values} errors={errors} />
        ))}
      </fieldset>
    </>
  );
}

const fieldId = (field: string) => `rules-${field.replace(":", "-")}`;

/** aria attributes of a control whose messages are under `field`. */
function described(field: string, errors: Errors) {
  return errorAria(errors[field]?.length ? `${fieldId(field)}-error` : undefined);
}

function Group({
  legend,
  hint,
  children,
  footer,
}: {
  legend: ReactNode;
  hint?: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <fieldset className="mb-4">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <div className="mt-1 rounded-md border border-slate-300 px-3 py-1">{children}</div>
      {footer}
    </fieldset>
  );
}

function Choice({
  type,
  name,
  value,
  label,
  checked,
  required,
  aria,
}: {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  label: string;
  checked: boolean;
  required?: boolean;
  aria: ReturnType<typeof described>;
}) {
  return (
    <label className="flex items-center gap-2 py-1 text-sm text-slate-800">
      <input
        {...aria}
        type={type}
        name={name}
        value={value}
        defaultChecked={checked}
        required={required}
        className="h-4 w-4 shrink-0"
      />
      {label}
    </label>
  );
}

function RuleQuestion({
  question,
  values,
  errors,
}: {
  question: QuestionDefinition;
  values: RuleFormValues;
  errors: Errors;
}) {
  const required = isRuleRequired(question);
  const label = (
    <>
      {question.label}
      {required ? <RequiredMarker /> : null}
    </>
  );
  const [field, maxField] = ruleFields(question);
  const posted = field === undefined ? [] : (values[field] ?? []);
  const footer = (name: string | undefined) =>
    name ? <ErrorList id={`${fieldId(name)}-error`} errors={errors[name]} /> : null;

  switch (question.type) {
    case "text":
    case "paragraph":
      return (
        <div className="mb-4">
          <p className="text-sm font-medium text-slate-800">{question.label}</p>
          <p className="text-xs text-slate-500">Text answers are never checked, so there is nothing to set here.</p>
        </div>
      );
    case "number":
      return (
        <Group
          legend={label}
          hint="Leave either bound empty for no limit on that side; both bounds are included."
          footer={null}
        >
          <div className="flex flex-wrap gap-4 py-1">
            {[
              { name: field, text: "Minimum" },
              { name: maxField, text: "Maximum" },
            ].map(({ name, text }) => (
              <div key={name}>
                <label htmlFor={fieldId(name)} className="block text-sm text-slate-800">
                  {text}
                </label>
                <input
                  {...described(name, errors)}
                  id={fieldId(name)}
                  name={name}
                  type="number"
                  step="any"
                  defaultValue={values[name]?.[0] ?? ""}
                  className={`mt-1 block w-40 rounded-md border px-3 py-2 text-base ${errors[name]?.length ? "border-red-600" : "border-slate-300"}`}
                />
                {footer(name)}
              </div>
            ))}
          </div>
        </Group>
      );
    case "select":
      return (
        <div className="mb-4">
          <label htmlFor={fieldId(field)} className="block text-sm font-medium text-slate-800">
            {label}
          </label>
          <select
            {...described(field, errors)}
            id={fieldId(field)}
            name={field}
            required={required}
            defaultValue={posted[0] ?? (required ? "" : ANY)}
            className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base ${errors[field]?.length ? "border-red-600" : "border-slate-300"}`}
          >
            {required ? <option value="">Select…</option> : null}
            <option value={ANY}>Any answer (no rule)</option>
            {question.options.map((option) => (
              <option key={option.value} value={optionField(option.value)}>
                {option.label}
              </option>
            ))}
          </select>
          {footer(field)}
        </div>
      );
    case "radio":
    case "switch": {
      const choices =
        question.type === "radio"
          ? question.options.map((option) => ({ value: optionField(option.value), label: option.label }))
          : [
              { value: "on", label: "On" },
              { value: "off", label: "Off" },
            ];
      // An optional question starts at 'Any answer'; a required one starts unanswered, so the
      // browser asks the admin to decide.
      const chosen = posted[0] ?? (required ? undefined : ANY);
      return (
        <Group legend={label} footer={footer(field)}>
          {[...choices, { value: ANY, label: "Any answer (no rule)" }].map((choice) => (
            <Choice
              key={choice.value}
              type="radio"
              name={field}
              value={choice.value}
              label={choice.label}
              checked={chosen === choice.value}
              required={required}
              aria={described(field, errors)}
            />
          ))}
        </Group>
      );
    }
    case "checkbox":
      return (
        <Group legend={label} hint="Tick none to let every answer pass." footer={footer(field)}>
          {question.options.map((option) => (
            <Choice
              key={option.value}
              type="checkbox"
              name={field}
              value={optionField(option.value)}
              label={option.label}
              checked={posted.includes(optionField(option.value))}
              aria={described(field, errors)}
            />
          ))}
        </Group>
      );
  }
}
