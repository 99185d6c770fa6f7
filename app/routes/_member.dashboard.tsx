import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageLinks, pageParam } from "~/components/data-table";
import { AutoRefresh } from "~/components/auto-refresh";
import { MemberSurveyCard } from "~/components/member-survey-card";
import { requireMemberWithDetails } from "~/domain/auth.server";
import { listAvailableSurveys } from "~/domain/member-surveys.server";
import { listProfileSurveys, pendingTotals } from "~/domain/profile-surveys.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Dashboard | ${PRODUCT_NAME}` }];

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
  return {
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
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-semibold">Welcome, {name}</h1>
      <p className="mt-2 text-slate-700">
        Points balance: <strong data-testid="points-balance">{points}</strong>
      </p>
      <AutoRefresh />
      <div className="mt-8 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold">Available Surveys</h2>
        <Link to="/survey" className="text-sm text-brand-700 underline">
          All surveys
        </Link>
      </div>
      {surveys.length > 0 ? (
        <>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {surveys.map((survey) => (
              <MemberSurveyCard key={survey.surveyId} survey={survey} />
            ))}
          </div>
          <PageLinks page={page} pageCount={pageCount} label="Survey pages" />
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
  return (
    <article
      aria-labelledby="profile-surveys-card"
      className="mt-4 max-w-sm rounded-md border border-slate-200 bg-white p-4"
    >
      <h3 id="profile-surveys-card" className="text-lg font-semibold">
        Profile Surveys
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
        <dt>Category</dt>
        <dd>Basic</dd>
        <dt>Point</dt>
        <dd data-testid="profile-surveys-points">{points}</dd>
        <dt>Time</dt>
        <dd data-testid="profile-surveys-time">{minutes} min</dd>
      </dl>
      <Link to="/details/profiledetails" className="btn-primary mt-4">
        Start Profile Survey
      </Link>
    </article>
  );
}

function NoSurveys() {
  return (
    <div className="mt-4 rounded-md border border-slate-200 bg-white p-4">
      <p>Sorry, surveys are not available for you right now. To receive surveys:</p>
      <ul className="mt-2 list-disc pl-6">
        <li>
          update your Country in{" "}
          <Link to="/details/user" className="text-brand-600 underline">
            My Detail
          </Link>
          ;
        </li>
        <li>
          submit the profile survey in{" "}
          <Link to="/details/profiledetails" className="text-brand-600 underline">
            Profile Details
          </Link>
          .
        </li>
      </ul>
    </div>
  );
}
