import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import {
  endedMessage,
  inLanguage,
  INVALID_LINK_TITLE,
  overQuotaMessageWith,
  SurveyMessage,
  tooLateMessage,
  type SurveyMessageContent,
} from "~/components/survey-message";
import { ASSIGNMENT_STATUS, ASSIGNMENT_STATUS_LABEL } from "~/domain/assignment-status";
import { requireVerifiedMember } from "~/domain/auth.server";
import { recordReturn, type ReturnResult } from "~/domain/survey-taking.server";
import { getT } from "~/i18n/i18n.server";
import { tr } from "~/i18n/mark";
import { titleMeta } from "~/lib/page-title";

// The return endpoint (/surveys/redirect?status=…&token=…&signature=…): an external survey's
// vendor sends the member's browser here at the end. A GET, since that is what a redirect is.
// The member must be signed in (the browser that took the survey is), and only the member whose
// assignment the token names can end it; the link's signature decides the rest (decision 023).

export const meta: MetaFunction<typeof loader> = titleMeta("Survey");

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

// Outside the member layout: the survey window loads the member's texts itself.
export const handle = { i18n: ["member"] };

// The loader acts once per visit: re-running it after some other navigation would only answer
// 'already recorded' in place of the page the member just read.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireVerifiedMember(request);
  const url = new URL(request.url);
  const result = await recordReturn(member.id, `${url.pathname}${url.search}`);
  const t = await getT(request);
  const { content, status } = describe(result, t);
  // A complete awaiting the vendor's callback (202) is the one page the member checks again.
  const page = { ...inLanguage(t, content), checkAgain: status === 202 };
  return data(page, { status, headers: { "Cache-Control": "private, no-store" } });
}

export default function SurveyRedirect() {
  const { checkAgain, ...content } = useLoaderData<typeof loader>();
  const location = useLocation();
  const { t } = useTranslation();
  return (
    <SurveyMessage {...content}>
      {checkAgain ? (
        // A full page load: this route never revalidates, and the link works without JavaScript.
        <Link to={`${location.pathname}${location.search}`} reloadDocument className="btn-secondary mt-4 inline-block">
          {t("Check again")}
        </Link>
      ) : null}
    </SurveyMessage>
  );
}

function invalid(message: string, status = 400) {
  return { content: { tone: "error" as const, title: INVALID_LINK_TITLE, message }, status };
}

function describe(result: ReturnResult, t: TFunction): { content: SurveyMessageContent; status: number } {
  switch (result.kind) {
    case "unknown":
      return invalid(tr("We could not find the survey this link belongs to. Nothing has changed."));
    case "other_member":
      return invalid(tr("This link belongs to another member's survey. Nothing has changed."), 403);
    case "bad_status":
      return invalid(tr("The link does not say how the survey ended. Nothing has changed."));
    case "security":
      return invalid(
        tr(
          "The link's signature does not match, so the survey has ended without a reward. If you think this is a mistake, please contact support.",
        ),
      );
    case "not_started":
      return { content: notStartedMessage(result.status, t), status: 409 };
    // The survey requires the vendor's server callback (decision 060): 202, accepted but not yet done.
    case "awaiting_callback":
      return {
        content: {
          tone: "info",
          title: tr("We are confirming your complete"),
          message: tr(
            "Thank you for completing {{surveyName}}. The survey's owner confirms every complete with us directly; your points are added as soon as they do, usually within a few minutes. Check again in a moment, or see Points History later.",
          ),
          values: { surveyName: result.surveyName },
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
      return { content: notStartedMessage(ended.status, t), status: 409 };
    }
  }
}

/** A replayed link, or one used before the survey was started: nothing changed. */
function notStartedMessage(status: keyof typeof ASSIGNMENT_STATUS_LABEL, t: TFunction): SurveyMessageContent {
  if (status === ASSIGNMENT_STATUS.assigned || status === ASSIGNMENT_STATUS.paused) {
    return {
      tone: "info",
      title: tr("This survey has not started"),
      message: tr("This link works only while you are taking the survey. Nothing has changed."),
    };
  }
  return {
    tone: "info",
    title: tr("Already recorded"),
    message: tr("The result of this survey was already recorded ({{status}}). This link changed nothing."),
    values: { status: t(ASSIGNMENT_STATUS_LABEL[status]) },
  };
}
