import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { StepButtons } from "~/components/step-buttons";
import { ScreenerPageHeading } from "~/components/screener-pager";
import { ScreenerRulesFields } from "~/components/screener-rules-form";
import { requireAdmin } from "~/domain/admin-auth.server";
import { lifecyclePath } from "~/domain/lifecycle";
import { RULE_HELP, ruleFormValuesOf } from "~/domain/screener-rules";
import { findScreener, loadScreenerRules, rulesStep, saveScreenerRules } from "~/domain/screeners.server";
import { getPrisma } from "~/lib/db.server";
import { formResult, readFormData } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { notFound } from "~/lib/http.server";
import { parseId } from "~/lib/ids";

export const meta: MetaFunction = () => [{ title: `Screener Validation | ${PRODUCT_NAME}` }];

// /admin/screener/rules/{id} (the spec's ScreenerValidation): the admin answers the screener page
// by page and Submit stores those answers as its qualifying rules. Every Previous and Next is a
// post that carries the answers so far, so the form works without JavaScript (decision 019). Rules
// can be replaced the same way until a member answers the screener; then the page says why not and
// offers Clone (decision 056). The replace form says so in `_replace`, so a submit of a page opened
// before another admin added rules does not replace them unseen.

const LIST = "/admin/screener/list";
const ALREADY = "This Screener has Already rules Validated";
const ANSWERED =
  "Members have already answered this screener, so its rules can no longer be replaced. Clone it to set new rules on a copy.";

async function screenerOr404(param: string | undefined) {
  const id = parseId(param);
  const screener = id === null ? null : await findScreener(id);
  if (!screener) throw notFound();
  return screener;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const screener = await screenerOr404(params.id);
  // Replacing starts from the rules in force, as the admin would answer to make them again.
  const replacing = screener.rulesAdded && !screener.answered;
  return {
    id: screener.id,
    alreadyValidated: screener.rulesAdded,
    answered: screener.answered,
    definition: screener.definition,
    current: replacing ? ruleFormValuesOf(screener.definition, await loadScreenerRules(getPrisma(), screener.id)) : {},
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const screener = await screenerOr404(params.id);
  const here = `/admin/screener/rules/${screener.id}`;
  const formData = await readFormData(request);
  const replacing = formData.get("_replace") === "1";
  if (screener.rulesAdded && screener.answered) return redirectWithToast(here, { type: "error", message: ANSWERED });
  if (screener.rulesAdded && !replacing) return redirectWithToast(here, { type: "error", message: ALREADY });
  const step = rulesStep(screener.definition, formData);
  if (step.kind === "page") {
    // The page to show and the answers so far ride in the page's state; a clean step is a success.
    const pageState = { page: step.page, values: step.values };
    if (Object.keys(step.errors).length === 0) return formResult({ status: "success" }, { pageState });
    return formResult({ status: "error", error: step.errors }, { pageState });
  }
  const saved = await saveScreenerRules(admin, screener.id, step.rules, replacing ? "replace" : "add");
  if (!saved.ok) {
    return redirectWithToast(here, { type: "error", message: saved.reason === "answered" ? ANSWERED : ALREADY });
  }
  return redirectWithToast(LIST, {
    type: "success",
    message: replacing ? "Screener rules replaced successfully" : "Screener rules added successfully",
  });
}

export default function ScreenerValidation() {
  const { id, alreadyValidated, answered, definition, current } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (alreadyValidated && answered) {
    return (
      <section aria-labelledby="screener-rules-heading" className="max-w-xl">
        <h1 id="screener-rules-heading" className="text-2xl font-semibold">
          {ALREADY}
        </h1>
        <p className="mt-2 text-slate-700">{ANSWERED}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Form method="post" action={lifecyclePath("screener", id)}>
            <SubmitButton name="intent" value="clone" pendingText="Cloning…" className="btn-primary">
              Clone this screener
            </SubmitButton>
          </Form>
          <Link to={LIST} className="btn-secondary">
            Back to Screener List
          </Link>
        </div>
      </section>
    );
  }
  const page = actionData?.pageState?.page ?? 0;
  const values = actionData?.pageState?.values ?? current;
  const errors = actionData?.error ?? {};
  const last = page === definition.pages.length - 1;
  return (
    <section aria-labelledby="screener-rules-heading">
      <Link to={LIST} className="text-sm text-brand-700 underline">
        ← Back to Screener List
      </Link>
      <h1 id="screener-rules-heading" className="mt-2 text-2xl font-semibold">
        {alreadyValidated ? "Replace Validation" : "Add Validation"}: {definition.title}
      </h1>
      {alreadyValidated ? (
        <p className="mt-2 text-slate-700">
          This screener already has rules. No member has answered it yet, so you can replace them: your answers below
          become its new rules, in place of the old ones.
        </p>
      ) : null}
      <div className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
        <p className="font-medium">Answer the screener as a qualifying member would. Your answers become its rules:</p>
        <ul className="mt-1 list-disc pl-5">
          {RULE_HELP.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      {/* Remounted for each answer of the server, so the controls show what it sent back. */}
      <Form
        key={`${id}:${page}:${JSON.stringify(values)}`}
        method="post"
        className="mt-4 rounded-md border border-slate-200 bg-white p-4"
      >
        {Object.keys(errors).length > 0 ? (
          <p role="alert" className="mb-3 text-sm font-medium text-red-700">
            Correct the marked answers, then try again.
          </p>
        ) : null}
        {alreadyValidated ? <input type="hidden" name="_replace" value="1" /> : null}
        <ScreenerPageHeading index={page} count={definition.pages.length} />
        <ScreenerRulesFields definition={definition} page={page} values={values} errors={errors} />
        <StepButtons page={page} last={last} />
      </Form>
    </section>
  );
}
