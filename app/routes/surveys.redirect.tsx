import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import {
  endedMessage,
  INVALID_LINK_TITLE,
  overQuotaMessageWith,
  SurveyMessage,
  tooLateMessage,
  type SurveyMessageContent,
} from "~/components/survey-message";
import { ASSIGNMENT_STATUS, ASSIGNMENT_STATUS_LABEL } from "~/domain/assignment-status";
import { requireVerifiedMember } from "~/domain/auth.server";
import { recordReturn, type ReturnResult } from "~/domain/survey-taking.server";
import { PRODUCT_NAME } from "~/lib/product";

// The return endpoint (/surveys/redirect?status=…&token=…&signature=…): an external survey's
// vendor sends the member's browser here at the end. A GET, since that is what a redirect is.
// The member must be signed in (the browser that took the survey is), and only the member whose
// assignment the token names can end it; the link's signature decides the rest (decision 023).

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Survey"} | ${PRODUCT_NAME}` },
];

const CONFIRMING_TITLE = "We are confirming your complete";

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

// The loader acts once per visit: re-running it after some other navigation would only answer
// 'already recorded' in place of the page the member just read.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireVerifiedMember(request);
  const url = new URL(request.url);
  const result = await recordReturn(member.id, `${url.pathname}${url.search}`);
  const { content, status } = describe(result);
  return data(content, { status, headers: { "Cache-Control": "private, no-store" } });
}

export default function SurveyRedirect() {
  const content = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <SurveyMessage {...content}>
      {content.title === CONFIRMING_TITLE ? (
        // A full page load: this route never revalidates, and the link works without JavaScript.
        <Link to={`${location.pathname}${location.search}`} reloadDocument className="btn-secondary mt-4 inline-block">
          Check again
        </Link>
      ) : null}
    </SurveyMessage>
  );
}

function invalid(message: string, status = 400) {
  return { content: { tone: "error" as const, title: INVALID_LINK_TITLE, message }, status };
}

function describe(result: ReturnResult): { content: SurveyMessageContent; status: number } {
  switch (result.kind) {
    case "unknown":
      return invalid("We could not find the survey this link belongs to. Nothing has changed.");
    case "other_member":
      return invalid("This link belongs to another member's survey. Nothing has changed.", 403);
    case "bad_status":
      return invalid("The link does not say how the survey ended. Nothing has changed.");
    case "security":
      return invalid(
        "The link's signature does not match, so the survey has ended without a reward. If you think this is a mistake, please contact support.",
      );
    case "not_started":
      return { content: notStartedMessage(result.status), status: 409 };
    // The survey requires the vendor's server callback (decision 060): 202, accepted but not yet done.
    case "awaiting_callback":
      return {
        content: {
          tone: "info",
          title: CONFIRMING_TITLE,
          message: `Thank you for completing ${result.surveyName}. The survey's owner confirms every complete with us directly; your points are added as soon as they do, usually within a few minutes. Check again in a moment, or see Points History later.`,
        },
        status: 202,
      };
    case "confirmed":
      return { content: endedMessage(ASSIGNMENT_STATUS.complete, "complete", result.points), status: 200 };
    case "ended": {
      const ended = result.result;
      if (ended.ok) {
        return { content: endedMessage(ended.status, ended.outcome, ended.points), status: 200 };
      }
      if (ended.reason === "over_quota") return { content: overQuotaMessageWith(ended.points), status: 200 };
      if (ended.reason === "too_late") return { content: tooLateMessage, status: 409 };
      return { content: notStartedMessage(ended.status), status: 409 };
    }
  }
}

/** A replayed link, or one used before the survey was started: nothing changed. */
function notStartedMessage(status: keyof typeof ASSIGNMENT_STATUS_LABEL): SurveyMessageContent {
  if (status === ASSIGNMENT_STATUS.assigned || status === ASSIGNMENT_STATUS.paused) {
    return {
      tone: "info",
      title: "This survey has not started",
      message: "This link works only while you are taking the survey. Nothing has changed.",
    };
  }
  return {
    tone: "info",
    title: "Already recorded",
    message: `The result of this survey was already recorded (${ASSIGNMENT_STATUS_LABEL[status]}). This link changed nothing.`,
  };
}
