import type { SurveyClosing } from "~/domain/survey-live.server";
import { utcMinute } from "~/lib/utc-minute";

// The survey page's closing settings (decision 062): the close date, "close when the quota is
// full", and whether either keeps the survey from members now.
export function SurveyClosingSummary({ closing }: { closing: SurveyClosing }) {
  const quotaFull = closing.quota !== null && closing.placesHeld !== null && closing.placesHeld >= closing.quota;
  return (
    <section
      aria-labelledby="closing-heading"
      className="mt-4 max-w-2xl rounded-md border border-slate-200 bg-white p-4"
    >
      <h2 id="closing-heading" className="text-lg font-semibold">
        Closing
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Close date</dt>
        <dd data-testid="close-date">
          {closing.closesAt === null
            ? "None"
            : `${utcMinute(closing.closesAt)}${closing.closesAtPassed ? " (passed: members no longer see it)" : ""}`}
        </dd>
        <dt className="text-slate-600">Close when the quota is full</dt>
        <dd data-testid="close-when-full">
          {closing.closeWhenQuotaFull ? "Yes" : "No"}
          {closing.quota !== null && closing.placesHeld !== null
            ? ` · ${closing.placesHeld} of ${closing.quota} places held now${quotaFull ? " (full)" : ""}`
            : ""}
        </dd>
      </dl>
      <p className="mt-2 text-sm text-slate-600">
        {closing.live ? "Members can see this survey now." : "Members do not see this survey now."} Members who started
        it may still finish within its length plus {closing.graceMinutes} minutes after it closes; a start counts
        towards the quota for that long.
      </p>
    </section>
  );
}
