import { StartSurveyLink } from "~/components/start-survey-link";
import { SurveyDescription } from "~/components/survey-description";
import type { AvailableSurvey } from "~/domain/member-surveys.server";

// A survey offered to the member, on the dashboard and on /survey. The dashboard's card is headed
// by its category, as the spec shows it; the surveys list names the survey and gives the category
// as a field. The 'new' mark shows until the member opens the survey.

export function MemberSurveyCard({
  survey,
  heading,
}: {
  survey: Pick<AvailableSurvey, "surveyId" | "name" | "category" | "descriptionHtml" | "points" | "minutes" | "isNew">;
  heading: "category" | "name";
}) {
  const headingId = `survey-card-${survey.surveyId}`;
  const title = heading === "name" ? survey.name : survey.category;
  return (
    <article aria-labelledby={headingId} className="flex flex-col rounded-md border border-slate-200 bg-white p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {title}
        </h3>
        {survey.isNew ? (
          <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold uppercase text-white">new</span>
        ) : null}
      </div>
      <SurveyDescription html={survey.descriptionHtml} className="mt-2" />
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
        {heading === "name" ? (
          <>
            <dt>Category</dt>
            <dd>{survey.category}</dd>
          </>
        ) : null}
        <dt>Point</dt>
        <dd>{survey.points}</dd>
        <dt>Time</dt>
        <dd>{survey.minutes} min</dd>
      </dl>
      <div className="mt-auto">
        <StartSurveyLink surveyId={survey.surveyId} label={`Start Survey: ${title}`} />
      </div>
    </article>
  );
}
