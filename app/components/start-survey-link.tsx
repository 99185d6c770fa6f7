import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";

// Start Survey: the survey opens in a window of its own (the spec's survey window). Without
// JavaScript it is a link to a new tab. With JavaScript only one survey window may be open at a
// time: a second start asks the member to close the first, and the window is polled every
// second so that closing it allows the next start (decision 022).

const POLL_MS = 1000;

// One survey window for the whole page, whichever card or page opened it.
let surveyWindow: Window | null = null;
let poll: ReturnType<typeof setInterval> | null = null;

function openSurveyWindow(event: MouseEvent<HTMLAnchorElement>, closeFirst: string) {
  event.preventDefault();
  if (surveyWindow && !surveyWindow.closed) {
    window.alert(closeFirst);
    return;
  }
  // Not noopener: the handle is needed to see the window close, and the page is our own.
  surveyWindow = window.open(event.currentTarget.href, "_blank");
  if (!surveyWindow) {
    // A blocked pop-up: follow the link in this window instead.
    window.location.assign(event.currentTarget.href);
    return;
  }
  if (poll) clearInterval(poll);
  poll = setInterval(() => {
    if (surveyWindow && !surveyWindow.closed) return;
    surveyWindow = null;
    if (poll) clearInterval(poll);
    poll = null;
  }, POLL_MS);
}

export function StartSurveyLink({ surveyId, label }: { surveyId: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`/survey/start/${surveyId}`}
      target="_blank"
      onClick={(event) => openSurveyWindow(event, t("Close Opened Survey Form"))}
      aria-label={label}
      className="btn-primary mt-4"
    >
      {t("Start Survey")}
    </a>
  );
}
