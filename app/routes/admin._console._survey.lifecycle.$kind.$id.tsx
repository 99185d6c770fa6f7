import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmationField, FormErrors, SubmitButton } from "~/components/forms";
import { requireAdmin } from "~/domain/admin-auth.server";
import {
  CONFIRMED_CHANGES,
  CONSEQUENCE,
  kindOfSegment,
  LIFECYCLE_CHANGES,
  LIFECYCLE_NOUNS,
  lifecyclePagePath,
  type LifecycleChange,
} from "~/domain/lifecycle";
import { changeLifecycle, cloneOf, findLifecycleItem } from "~/domain/lifecycle.server";
import { formErrorsOf, resultFor } from "~/lib/form-result";
import { readFormData, readIntent, refuseForm } from "~/lib/forms.server";
import { notFound } from "~/lib/http.server";
import { parseId } from "~/lib/ids";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${VERB[data.change]} ${data.noun}` : "Lifecycle"} | ${PRODUCT_NAME}` },
];

// /admin/lifecycle/{survey|screener|profilesurvey}/{id}: where the lifecycle buttons of a survey, a
// screener or a profile survey set post (decision 056): close, reopen, archive, unarchive, clone.
// Close and archive take something away from members, so their button is a link to this page with
// ?change=…, which says what will happen and asks for a ticked box: the same page with JavaScript
// on or off. Every change redirects back to the thing's page (a clone: to the copy's) with a toast.

const VERB: Record<LifecycleChange, string> = {
  close: "Close",
  reopen: "Reopen",
  archive: "Archive",
  unarchive: "Unarchive",
};

const CONFIRM_MESSAGE = "Tick the box to confirm, then press the button again.";

async function itemOr404(params: LoaderFunctionArgs["params"]) {
  const kind = kindOfSegment(params.kind);
  const id = parseId(params.id);
  const item = kind === null || id === null ? null : await findLifecycleItem(kind, id);
  if (!item) throw notFound();
  return item;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const item = await itemOr404(params);
  const asked = new URL(request.url).searchParams.get("change");
  const change = LIFECYCLE_CHANGES.find((each) => each === asked);
  if (!change) throw notFound();
  return {
    item,
    change,
    noun: LIFECYCLE_NOUNS[item.kind],
    consequence: CONSEQUENCE[item.kind][change],
    back: lifecyclePagePath(item.kind, item.id),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const item = await itemOr404(params);
  const formData = await readFormData(request);
  const intent = readIntent(formData, [...LIFECYCLE_CHANGES, "clone"]);
  if (intent === "clone") {
    const cloned = await cloneOf(item.kind)(admin, item.id);
    if (!cloned.ok) {
      return redirectWithToast(lifecyclePagePath(item.kind, item.id), { type: "error", message: cloned.message });
    }
    return redirectWithToast(lifecyclePagePath(item.kind, cloned.id), { type: "success", message: cloned.message });
  }
  if (CONFIRMED_CHANGES.includes(intent) && formData.get("confirmed") !== "on") {
    return refuseForm(CONFIRM_MESSAGE, { form: intent, field: "confirmed" });
  }
  const result = await changeLifecycle(admin, item, intent);
  return redirectWithToast(lifecyclePagePath(item.kind, item.id), { type: "success", message: result.message });
}

export default function LifecycleConfirmation() {
  const { item, change, noun, consequence, back } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result = resultFor(actionData, change);
  const confirmError = result?.error?.confirmed ?? null;
  return (
    <section aria-labelledby="lifecycle-heading" className="max-w-2xl">
      <Link to={back} className="text-sm text-brand-700 underline">
        ← Back to the {noun}
      </Link>
      <h1 id="lifecycle-heading" className="mt-2 text-2xl font-semibold">
        {VERB[change]} {noun} “{item.name}”?
      </h1>
      <p className="mt-2 text-slate-700">
        {VERB[change]} it and {consequence}
      </p>
      <Form method="post" className="mt-4 rounded-md border border-slate-200 bg-white p-4">
        <FormErrors id="lifecycle-form-error" errors={formErrorsOf(result)} />
        {CONFIRMED_CHANGES.includes(change) ? (
          <ConfirmationField
            id="lifecycle-confirmed"
            label={`I want to ${change} this ${noun}.`}
            errors={confirmError}
          />
        ) : null}
        <div className="flex flex-wrap gap-3">
          <SubmitButton name="intent" value={change} pendingText="Saving…" className="btn-primary">
            {VERB[change]} {noun}
          </SubmitButton>
          <Link to={back} className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
