import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { CountryOptions, FormErrors, InputField, SelectField, SubmitButton, useForm } from "~/components/forms";
import { ShowArchivedFilter, showArchivedParam } from "~/components/lifecycle-actions";
import { requireAdmin } from "~/domain/admin-auth.server";
import { pointsCapHint } from "~/domain/points-cap.server";
import { addSetSchema } from "~/domain/profile-survey-set-schema";
import { createProfileSurveySet, listProfileSurveySets } from "~/domain/profile-survey-sets.server";
import { listCountries } from "~/lib/countries.server";
import { formResult, readFormData } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: `Profile Survey | ${PRODUCT_NAME}` }];

// /admin/profilesurvey (the spec's ProfileSurvey): the admin-made profile survey sets as cards and
// the 'Add New Profile Survey' form, a modal with JavaScript and a disclosure without it. Archived
// sets only with ?archived=1.
export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const showArchived = showArchivedParam(request.url);
  return {
    sets: await listProfileSurveySets({ showArchived }),
    showArchived,
    countries: listCountries(),
    pointsHint: pointsCapHint(admin),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const submission = parseWithZod(await readFormData(request), { schema: addSetSchema });
  // Only a real submit creates a set; conform's validate intents come back as errors or nothing.
  if (submission.status !== "success") return formResult(submission.reply());
  const result = await createProfileSurveySet(admin, submission.value);
  if (!result.ok) return formResult(submission.reply({ fieldErrors: result.fieldErrors }));
  return redirectWithToast("/admin/profilesurvey", { type: "success", message: result.message });
}

export default function ProfileSurveySets() {
  const { sets, showArchived } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="profile-survey-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="profile-survey-heading" className="text-2xl font-semibold">
          Profile Survey
        </h1>
        <AddSetDisclosure lastResult={lastResult} sets={sets}>
          <AddSetForm lastResult={lastResult} />
        </AddSetDisclosure>
      </div>
      <ShowArchivedFilter showArchived={showArchived} what="sets" />
      {sets.length === 0 ? (
        <p className="mt-4 text-slate-600">No profile survey sets yet. Add the first one.</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {sets.map((set) => (
            <li key={set.id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="font-semibold">{set.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{set.countryName}</p>
              <p className="mt-1 text-sm text-slate-600">Reward: {set.points} points</p>
              {set.closed || set.archived ? (
                <p className="mt-1 text-sm font-medium text-slate-800">
                  {[set.closed ? "Closed" : null, set.archived ? "Archived" : null].filter(Boolean).join(" · ")}
                </p>
              ) : null}
              <Link
                to={`/admin/profilesurvey/${set.id}`}
                aria-label={`View ${set.title}`}
                className="btn-secondary mt-3 self-start"
              >
                View
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type AddSetResult = SubmissionResult<string[]> | undefined;

/**
 * Without JavaScript the form sits in a <details> disclosure, open again after a refused submit;
 * once hydrated the same form opens in a modal <dialog>.
 */
function AddSetDisclosure({
  lastResult,
  sets,
  children,
}: {
  lastResult: AddSetResult;
  /** The listed sets: new ones after a successful add, which closes the modal. */
  sets: unknown;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // A refused submit keeps the modal open with its errors; a successful one reloads the list.
    if (lastResult?.status === "error") {
      if (!element.open) element.showModal();
    } else if (element.open) element.close();
  }, [lastResult, sets, hydrated]);

  if (!hydrated) {
    return (
      <details open={lastResult?.status === "error"} className="w-full sm:w-auto">
        <summary className="btn-primary cursor-pointer list-none">Add New Profile Survey</summary>
        <div className="mt-3 max-w-md rounded-md border border-slate-200 bg-white p-4">{children}</div>
      </details>
    );
  }
  return (
    <>
      <button type="button" className="btn-primary" onClick={() => dialog.current?.showModal()}>
        Add New Profile Survey
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="add-set-heading"
        className="w-full max-w-md rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="p-4">
          <div className="flex items-center justify-between">
            <h2 id="add-set-heading" className="text-lg font-semibold">
              Add New Profile Survey
            </h2>
            <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>
              Close
            </button>
          </div>
          <div className="mt-3">{children}</div>
        </div>
      </dialog>
    </>
  );
}

function AddSetForm({ lastResult }: { lastResult: AddSetResult }) {
  const { countries, pointsHint } = useLoaderData<typeof loader>();
  const [form, fields] = useForm({
    id: "add-profile-survey",
    lastResult,
    constraint: getZodConstraint(addSetSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addSetSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField label="Title" field={fields.title} autoComplete="off" />
      {/* The spec labels this field 'Icon'; it holds the country the set is offered to. */}
      <SelectField label="Country" selectProps={getSelectProps(fields.country)} errors={fields.country.errors}>
        <CountryOptions countries={countries} />
      </SelectField>
      <InputField
        label="Reward for Completion"
        field={fields.reward}
        type="number"
        step={1}
        inputMode="numeric"
        hint={`Points credited once, on the member's first submit. ${pointsHint}`}
      />
      <SubmitButton pendingText="Adding…" className="btn-primary w-full">
        Add Profile Survey
      </SubmitButton>
    </Form>
  );
}
