import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { stepsFor, takeStep } from "~/domain/answer-drafts.server";
import { requireMemberWithDetails } from "~/domain/auth.server";
import {
  loadMemberProfileSurvey,
  PROFILE_HUB_PATH,
  submitProfileSurvey,
  type ProfileSurveyLocator,
} from "~/domain/profile-surveys.server";
import { formResult, readFormData } from "~/lib/forms.server";
import { redirectWithToast, type Toast } from "~/lib/toast.server";
import type { Answers } from "~/questionnaire/definition";
import { parseAnswers } from "~/questionnaire/schema";
import { isStepped, pagePath } from "~/questionnaire/steps";
import { definitionText } from "~/questionnaire/texts";
import { failureToast } from "~/components/profile-questionnaire-page";
import { notFound } from "~/lib/http.server";
import { formatsFor } from "~/i18n/format";
import { getLanguage, getT } from "~/i18n/i18n.server";
import { tr } from "~/i18n/mark";
import { parseId } from "~/lib/ids";

// The loader and action of a profile questionnaire page, shared by the built-ins
// (/details/profiledetails/{slug}) and the admin-made sets (/details/profiledetails/set/{id}).
// The guard is requireMemberWithDetails, as on the dashboard: sets are offered by country, and the
// spec's profile calls answer 'Details Required' like every other member call (decision 015).

/** What a refused save re-renders: its toast, and on a questionnaire of several pages the page to show. */
export interface ProfilePageState {
  toast: Toast | null;
  page?: number;
}

/** The questionnaire offered to this member, or the 404 page. */
async function findOrNotFound(request: Request, locator: ProfileSurveyLocator | null) {
  const { member } = await requireMemberWithDetails(request);
  const survey = locator ? await loadMemberProfileSurvey(member, locator) : null;
  if (!survey) throw notFound();
  return { member, survey };
}

/** Finds the questionnaire a page's URL names, or null when the URL cannot name one. */
type Locate = (params: Params) => ProfileSurveyLocator | null;

/** A set's id from the URL (`$id`), or null for anything that is not a plain positive number. */
export const setLocator: Locate = ({ id }) => {
  const setId = parseId(id);
  return setId === null ? null : { setId };
};

/** A built-in's slug from the URL (`$slug`, lowercase letters), or null: a crafted one (a NUL, say) is never looked up. */
export const slugLocator: Locate = ({ slug }) => (slug && /^[a-z]{1,40}$/.test(slug) ? { slug } : null);

/** The route loader of a questionnaire page: `export const loader = questionnaireLoader(slugLocator)`. */
export function questionnaireLoader(locate: Locate) {
  return ({ request, params }: LoaderFunctionArgs) => loadProfileQuestionnaire(request, locate(params));
}

/** The route action of a questionnaire page: `export const action = questionnaireAction(slugLocator)`. */
export function questionnaireAction(locate: Locate) {
  return ({ request, params }: ActionFunctionArgs) => submitProfileQuestionnaire(request, locate(params));
}

export async function loadProfileQuestionnaire(request: Request, locator: ProfileSurveyLocator | null) {
  const { member, survey } = await findOrNotFound(request, locator);
  // Several pages, not yet submitted: one page at a time, each saved at Next (decision 075).
  const steps =
    !survey.submitted && isStepped(survey.definition)
      ? await stepsFor(
          { memberId: member.id, questionnaireId: survey.questionnaireId, assignmentId: null },
          survey.definition,
          new URL(request.url).searchParams.get("page"),
        )
      : null;
  return {
    // The browser's title, in the page's language (the meta function has no translator).
    pageTitle: definitionText(await getT(request), survey.title),
    id: survey.id,
    aboutYou: survey.path === 1,
    title: survey.title,
    description: survey.description,
    points: survey.points,
    minutes: survey.minutes,
    definition: survey.definition,
    answers: survey.answers,
    submitted: survey.submitted,
    submittedBanner: survey.submittedBanner,
    steps,
  };
}

export async function submitProfileQuestionnaire(request: Request, locator: ProfileSurveyLocator | null) {
  const { member, survey } = await findOrNotFound(request, locator);
  // A submitted questionnaire is read-only: a post (an old tab, a forged form) changes nothing,
  // and the page says why.
  const alreadySubmitted = () => redirectWithToast(survey.href, { type: "error", message: survey.submittedBanner });
  if (survey.submitted) return alreadySubmitted();

  const formData = await readFormData(request);
  const step = await takeStep(formData, survey.definition, {
    memberId: member.id,
    questionnaireId: survey.questionnaireId,
    assignmentId: null,
  });
  // Next and Previous of a questionnaire of several pages: Post/Redirect/Get to the page.
  if (step.kind === "moved") return redirect(pagePath(survey.href, step.page));
  let answers: Answers;
  if (step.kind === "submit") answers = step.answers;
  else {
    const submission = step.kind === "refused" ? step.submission : parseAnswers(formData, survey.definition);
    if (submission.status !== "success") {
      const result = submission.reply();
      const toast: Toast | null =
        submission.status === "error"
          ? failureToast(
              survey.definition,
              result.error,
              survey.path === 1,
              await getT(request),
              formatsFor(await getLanguage(request)),
            )
          : null;
      // The toast rides in the page's state: a refused save re-renders the page, with no flash cookie.
      const page = step.kind === "refused" ? step.page : undefined;
      return formResult<ProfilePageState>(result, { status: 400, pageState: { toast, page } });
    }
    answers = submission.value;
  }
  const saved = await submitProfileSurvey(member.id, survey.id, answers);
  if (!saved.ok) return alreadySubmitted();
  return redirectWithToast(PROFILE_HUB_PATH, { type: "success", message: tr("Saved Successfully!") });
}
