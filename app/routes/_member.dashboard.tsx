import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageLinks, pageParam } from "~/components/data-table";
import { AutoRefresh } from "~/components/auto-refresh";
import { MemberSurveyCard } from "~/components/member-survey-card";
import { requireMemberWithDetails } from "~/domain/auth.server";
import { listAvailableSurveys } from "~/domain/member-surveys.server";
import { listProfileSurveys, pendingTotals } from "~/domain/profile-surveys.server";
import { getT } from "~/i18n/i18n.server";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction<typeof loader> = titleMeta("Dashboard");

// The member's home: the balance and the surveys assigned to them, 10 a page. Without a survey,
// the Profile Surveys card while a profile questionnaire is pending, else the spec's apology. The
// card's figures are the pending questionnaires' own, not the spec's fixed 500 / 15 (decision
// 015). The spec ignores a failed dashboard load; here a failed survey query shows no surveys
// rather than an error page, and is logged (decision 022).
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMemberWithDetails(request);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const surveys = await listAvailableSurveys(member.id, page).catch((error: unknown) => {
    console.error("Dashboard surveys could not be loaded", error);
    return null;
  });
  const profile = surveys?.total ? null : pendingTotals(await listProfileSurveys(member));
  const t = await getT(request);
  return {
    title: t("Dashboard"),
    name: `${member.firstName} ${member.lastName}`.trim(),
    points: member.pointsBalance,
    surveys: surveys?.rows ?? [],
    page: surveys?.page ?? 1,
    pageCount: surveys?.pageCount ?? 1,
    profileCard: profile && profile.count > 0 ? { points: profile.points, minutes: profile.minutes } : null,
  };
}

export default function Dashboard() {
  const { name, points, surveys, page, pageCount, profileCard } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-semibold">{t("Welcome, {{name}}", { name })}</h1>
      <p className="mt-2 text-slate-700">
        {t("Points balance:")} <strong data-testid="points-balance">{points}</strong>
      </p>
      <AutoRefresh />
      <div className="mt-8 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold">{t("Available Surveys")}</h2>
        <Link to="/survey" className="text-sm text-brand-700 underline">
          {t("All surveys")}
        </Link>
      </div>
      {surveys.length > 0 ? (
        <>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {surveys.map((survey) => (
              <MemberSurveyCard key={survey.surveyId} survey={survey} />
            ))}
          </div>
          <PageLinks page={page} pageCount={pageCount} label={t("Survey pages")} />
        </>
      ) : profileCard ? (
        <ProfileSurveysCard {...profileCard} />
      ) : (
        <NoSurveys />
      )}
    </div>
  );
}

function ProfileSurveysCard({ points, minutes }: { points: number; minutes: number }) {
  const { t } = useTranslation();
  return (
    <article
      aria-labelledby="profile-surveys-card"
      className="mt-4 max-w-sm rounded-md border border-slate-200 bg-white p-4"
    >
      <h3 id="profile-surveys-card" className="text-lg font-semibold">
        {t("Profile Surveys")}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
        <dt>{t("Category")}</dt>
        <dd>{t("Basic")}</dd>
        <dt>{t("Point")}</dt>
        <dd data-testid="profile-surveys-points">{points}</dd>
        <dt>{t("Time")}</dt>
        <dd data-testid="profile-surveys-time">{t("{{minutes}} min", { minutes })}</dd>
      </dl>
      <Link to="/details/profiledetails" className="btn-primary mt-4">
        {t("Start Profile Survey")}
      </Link>
    </article>
  );
}

// Each item's words around its link are translated as whole phrases (decision 074).
function NoSurveys() {
  const { t } = useTranslation();
  return (
    <div className="mt-4 rounded-md border border-slate-200 bg-white p-4">
      <p>{t("Sorry, surveys are not available for you right now. To receive surveys:")}</p>
      <ul className="mt-2 list-disc pl-6">
        <li>
          {t("update your Country in")}{" "}
          <Link to="/details/user" className="text-brand-600 underline">
            {t("My Detail")}
          </Link>
          ;
        </li>
        <li>
          {t("submit the profile survey in")}{" "}
          <Link to="/details/profiledetails" className="text-brand-600 underline">
            {t("Profile Details")}
          </Link>
          .
        </li>
      </ul>
    </div>
  );
}
