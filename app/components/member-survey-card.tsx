import { useTranslation } from "react-i18next";
import { StartSurveyLink } from "~/components/start-survey-link";
import { SurveyDescription } from "~/components/survey-description";
import type { AvailableSurvey } from "~/domain/member-surveys.server";

// A survey offered to the member, on the dashboard and on /survey: headed by the survey's name,
// with its category as a small label above it (decision 077; the spec headed the dashboard's card
// by the category, which told a member with two surveys of one category nothing). The 'new' mark
// shows until the member opens the survey.

export function MemberSurveyCard({
  survey,
}: {
  survey: Pick<AvailableSurvey, "surveyId" | "name" | "category" | "descriptionHtml" | "points" | "minutes" | "isNew">;
}) {
  const { t } = useTranslation();
  const headingId = `survey-card-${survey.surveyId}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col rounded-md border border-slate-200 bg-white p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t(survey.category)}</p>
          <h3 id={headingId} className="break-words text-lg font-semibold">
            {survey.name}
          </h3>
        </div>
        {survey.isNew ? (
          <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold uppercase text-white">
            {t("new")}
          </span>
        ) : null}
      </div>
      <SurveyDescription html={survey.descriptionHtml} className="mt-2" />
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
        <dt>{t("Point")}</dt>
        <dd>{survey.points}</dd>
        <dt>{t("Time")}</dt>
        <dd>{t("{{minutes}} min", { minutes: survey.minutes })}</dd>
      </dl>
      <div className="mt-auto">
        <StartSurveyLink surveyId={survey.surveyId} label={t("Start Survey: {{name}}", { name: survey.name })} />
      </div>
    </article>
  );
}
