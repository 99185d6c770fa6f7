import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { EDITOR_FORM_ID, QuestionEditor, QuestionList } from "~/components/profile-question-editor";
import { LifecycleActions, LifecycleBadges } from "~/components/lifecycle-actions";
import { requireAdmin } from "~/domain/admin-auth.server";
import { draftOf, editProfileSurveySet, findProfileSurveySet } from "~/domain/profile-survey-sets.server";
import { formResult, readFormData } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { notFound } from "~/lib/http.server";
import { parseId } from "~/lib/ids";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `Profile Survey - ${loaded?.set.title ?? ""} | ${PRODUCT_NAME}` },
];

// /admin/profilesurvey/{id} (the spec's ProfileSurveyQuestions): the questions of one admin-made set,
// and with ?edit=1 (a plain link) the editor; its lifecycle buttons (decision 056). Built-in profile
// questionnaires are a 404 here.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const set = await setOr404(params.id);
  const { id, title, countryName, points, minutes, responses, closed, archived } = set;
  return {
    set: { id, title, countryName, points, minutes, responses, closed, archived },
    draft: draftOf(set),
    stored: set.definition,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const set = await setOr404(params.id);
  const result = await editProfileSurveySet(admin, set, await readFormData(request));
  if (result.ok)
    return redirectWithToast(`/admin/profilesurvey/${set.id}`, { type: "success", message: result.message });
  // The set's messages about the whole form go under "", as in every FormResult. The draft comes
  // back as the page's state, with a new nonce that remounts the editor, so its fields show the
  // server's state and not the old DOM's. A button other than Save answers 200 without messages.
  const { form = [], ...fields } = result.errors;
  const error = form.length > 0 ? { "": form, ...fields } : fields;
  return formResult(
    { status: Object.keys(error).length > 0 ? "error" : undefined, error },
    { status: result.status, pageState: { draft: result.draft, nonce: crypto.randomUUID() } },
  );
}

export default function ProfileSurveyQuestions() {
  const { set, draft: opened, stored } = useLoaderData<typeof loader>();
  const edited = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const editing = Boolean(edited) || searchParams.get("edit") === "1";
  const draft = edited?.pageState?.draft ?? opened;
  const view = `/admin/profilesurvey/${set.id}`;
  return (
    <section aria-labelledby="set-heading">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/profilesurvey" aria-label="Back to Profile Survey" className="btn-secondary">
          ←
        </Link>
        <h1 id="set-heading" className="text-2xl font-semibold">
          Profile Survey - {set.title}, {set.countryName}
        </h1>
        <LifecycleBadges closed={set.closed} archived={set.archived} />
        <div className="ml-auto flex gap-2">
          {editing ? (
            <>
              <Link to={view} className="btn-secondary">
                Cancel
              </Link>
              {/* Outside the form but submitting it, and first in the page: Enter in a field saves. */}
              <button type="submit" form={EDITOR_FORM_ID} name="intent" value="save" className="btn-primary">
                Save
              </button>
            </>
          ) : (
            <Link to={`${view}?edit=1`} className="btn-primary">
              Edit
            </Link>
          )}
        </div>
      </div>
      {editing ? null : (
        <LifecycleActions kind="profile_survey" id={set.id} closed={set.closed} archived={set.archived} />
      )}
      <p className="mt-2 text-sm text-slate-600">
        Reward: {set.points} points · about {set.minutes} minutes · answered by {set.responses}{" "}
        {set.responses === 1 ? "member" : "members"}
      </p>
      {editing ? (
        <>
          <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Nothing is stored until you press Save. Deleting a question, or changing its type, also deletes the answers
            members gave to it when you save; deleting an option deletes the answers that chose it.
          </p>
          <QuestionEditor
            key={edited?.pageState?.nonce ?? "stored"}
            questions={draft.questions}
            version={draft.version}
            errors={edited?.error ?? {}}
            stored={stored}
          />
        </>
      ) : (
        <QuestionList questions={draft.questions} />
      )}
    </section>
  );
}

async function setOr404(param: string | undefined) {
  const id = parseId(param);
  const set = id === null ? null : await findProfileSurveySet(id);
  if (!set) throw notFound();
  return set;
}
