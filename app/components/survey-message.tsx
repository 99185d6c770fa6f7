import { Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ASSIGNMENT_STATUS } from "~/domain/assignment-status";
import { tr } from "~/i18n/mark";

// The pages a member sees in the survey window when a survey cannot go on or has ended: start
// refused, thank-you, a vendor's return. The dashboard opens that window with JavaScript, so a
// Close button is offered then; without JavaScript the page is an ordinary tab and links back.

export type SurveyMessageTone = "success" | "info" | "error";

const TONE_CLASSES: Record<SurveyMessageTone, string> = {
  success: "border-green-300 bg-green-50 text-green-900",
  info: "border-slate-200 bg-white text-slate-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

export interface SurveyMessageContent {
  title: string;
  message: string;
  tone: SurveyMessageTone;
  /** The values of the message's {{placeholders}}, until inLanguage puts them in. */
  values?: Record<string, string | number>;
}

/**
 * The words below are English texts marked with tr() (decision 074); a loader puts a situation's
 * words in the member's language, with their values, before it sends them: the page's data (and
 * its <title>) is then in that language, and an English page reads exactly as before.
 */
export function inLanguage(t: TFunction, { title, message, tone, values }: SurveyMessageContent): SurveyMessageContent {
  return { title: t(title), message: t(message, values), tone };
}

export function SurveyMessage({ title, message, tone, children }: SurveyMessageContent & { children?: ReactNode }) {
  const { t } = useTranslation();
  const [canClose, setCanClose] = useState(false);
  // Only a window opened by script may close itself; otherwise the button would do nothing.
  useEffect(() => setCanClose(window.opener !== null), []);
  return (
    <main className="mx-auto max-w-lg px-4 py-12">
      <section
        aria-labelledby="survey-message-heading"
        data-tone={tone}
        className={`rounded-lg border p-6 shadow-sm ${TONE_CLASSES[tone]}`}
      >
        <h1 id="survey-message-heading" className="text-2xl font-semibold">
          {title}
        </h1>
        <p className="mt-3">{message}</p>
        {children}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/dashboard" className="btn-primary">
            {t("Go to dashboard")}
          </Link>
          {canClose ? (
            <button type="button" className="btn-secondary" onClick={() => window.close()}>
              {t("Close")}
            </button>
          ) : null}
        </div>
      </section>
    </main>
  );
}

// The words of each situation, chosen by the loaders on the server.

type Outcome = "complete" | "terminate" | "over_quota" | "quality" | "security";

export const INVALID_LINK_TITLE = tr("This link is not valid");

/** The page of an assignment that has just ended (or ended earlier, for the hosted survey). */
export function endedMessage(status: number, outcome: Outcome | null, points: number): SurveyMessageContent {
  if (status === ASSIGNMENT_STATUS.complete) {
    return {
      tone: "success",
      title: tr("Thank you!"),
      message:
        points > 0
          ? tr("Thank you, {{points}} points have been added to your balance.")
          : tr("Thank you, your response has been recorded."),
      values: { points },
    };
  }
  // A screen-out or over quota inside the survey may be compensated (decision 063): points says how much.
  if (status === ASSIGNMENT_STATUS.rejectedTerm) {
    return {
      tone: "info",
      title: tr("Sorry, you did not qualify"),
      message:
        points > 0
          ? tr(
              "Sorry, you did not qualify for this survey. Thank you for your time: {{points}} points have been added to your balance for it.",
            )
          : tr("Sorry, you did not qualify for this survey. Thank you for your time; no points are added for it."),
      values: { points },
    };
  }
  if (outcome === "over_quota") return overQuotaMessageWith(points);
  if (outcome === "security") {
    return {
      tone: "error",
      title: INVALID_LINK_TITLE,
      message: tr("The survey's return link could not be verified, so the survey has ended without a reward."),
    };
  }
  if (outcome === "quality") {
    return {
      tone: "error",
      title: tr("Response not accepted"),
      message: tr("Sorry, the survey's quality checks did not accept your response, so no points are added for it."),
    };
  }
  return { tone: "info", title: tr("This survey is closed"), message: tr("This survey is no longer open for you.") };
}

export const overQuotaMessage: SurveyMessageContent = {
  tone: "info",
  title: tr("This survey is full"),
  message: tr("Sorry, this survey has already received all the responses it needs. No points are added for it."),
};

/** The over-quota page, naming the screen-out compensation credited for it when there was one. */
export function overQuotaMessageWith(points: number): SurveyMessageContent {
  if (points <= 0) return overQuotaMessage;
  return {
    ...overQuotaMessage,
    message: tr(
      "Sorry, this survey has already received all the responses it needs. Thank you for your time: {{points}} points have been added to your balance for it.",
    ),
    values: { points },
  };
}

/** Every place of the quota is held by members taking the survey now (decision 062). */
export const placesTakenMessage: SurveyMessageContent = {
  tone: "info",
  title: tr("This survey is full for now"),
  message: tr(
    "Every place in this survey is taken by members answering it right now. A place frees up if one of them does not finish in time, so please try again later.",
  ),
};

/** A complete that came after the survey closed and after the time allowed to finish it (decision 062). */
export const tooLateMessage: SurveyMessageContent = {
  tone: "info",
  title: tr("This survey has closed"),
  message: tr(
    "Sorry, this survey closed and the time allowed to finish it has passed, so this response could not be counted and no points are added for it.",
  ),
};

export const pausedMessage: SurveyMessageContent = {
  tone: "info",
  title: tr("This survey is paused"),
  message: tr("This survey is paused for now. Please try again later."),
};

export const unavailableMessage: SurveyMessageContent = {
  tone: "info",
  title: tr("This survey is not available"),
  message: tr("This survey is not open for responses right now. Please check back later."),
};

export const alreadyTakenMessage: SurveyMessageContent = {
  tone: "info",
  title: tr("Already taken"),
  message: tr("You have already taken part in this survey."),
};
