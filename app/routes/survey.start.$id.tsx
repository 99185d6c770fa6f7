import { redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  alreadyTakenMessage,
  endedMessage,
  overQuotaMessage,
  pausedMessage,
  placesTakenMessage,
  SurveyMessage,
  unavailableMessage,
  type SurveyMessageContent,
} from "~/components/survey-message";
import { requireVerifiedMember } from "~/domain/auth.server";
import { compensationOf, startSurvey } from "~/domain/survey-taking.server";
import { getPrisma } from "~/lib/db.server";
import { notFound, requireId } from "~/lib/http.server";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { surveyMessageFor } from "~/components/survey-message.server";
import { titleMeta } from "~/lib/page-title";

// SurveyStart (/survey/start/{surveyId}), opened by the dashboard in the survey window: checks the
// member's assignment, marks it Started and sends the member on to the hosted survey or the
// vendor; otherwise says why not (decision 023). A GET that changes state, as the spec's start
// link is; starting again is harmless.

export const meta: MetaFunction<typeof loader> = titleMeta("Survey");

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// Outside the member layout: the survey window loads the member's texts itself.
export const handle = { i18n: ["member"] };

export async function loader({ request, params }: LoaderFunctionArgs): Promise<SurveyMessageContent> {
  const { member } = await requireVerifiedMember(request);
  const surveyId = requireId(params);
  return surveyMessageFor(request, await startOutcome(member.id, surveyId));
}

export default function SurveyStart() {
  return <SurveyMessage {...useLoaderData<typeof loader>()} />;
}

/** Where the start sends the member (thrown as a redirect), or the words of why it does not. */
async function startOutcome(memberId: number, surveyId: number): Promise<SurveyMessageContent> {
  const result = await startSurvey(memberId, surveyId);
  switch (result.kind) {
    case "not_found":
      throw notFound();
    case "go":
      throw redirect(result.url);
    case "screener":
      throw redirect(result.path);
    case "paused":
      return pausedMessage;
    case "not_launched":
    case "unavailable":
      return unavailableMessage;
    case "over_quota":
      return overQuotaMessage;
    case "places_taken":
      return placesTakenMessage;
    case "ended":
      // A complete is 'Already taken'; other endings (a failed screener, a terminate) say theirs,
      // with the screen-out compensation they were credited (decision 063).
      return result.status === ASSIGNMENT_STATUS.complete
        ? alreadyTakenMessage
        : endedMessage(result.status, null, await compensationOf(getPrisma(), result.assignmentId));
  }
}
