import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMemberWithDetails } from "~/domain/auth.server";
import { listProfileSurveys, pendingTotals } from "~/domain/profile-surveys.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Dashboard | ${PRODUCT_NAME}` }];

// The survey cards come with survey delivery. Until a member has surveys, the page shows the
// Profile Surveys card while a profile questionnaire is pending, else the spec's apology. The
// card's figures are the pending questionnaires' own, not the spec's fixed 500 / 15 (decision 015).
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMemberWithDetails(request);
  const profile = pendingTotals(await listProfileSurveys(member));
  return {
    name: `${member.firstName} ${member.lastName}`.trim(),
    points: member.pointsBalance,
    profileCard: profile.count > 0 ? { points: profile.points, minutes: profile.minutes } : null,
  };
}

export default function Dashboard() {
  const { name, points, profileCard } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-semibold">Welcome, {name}</h1>
      <p className="mt-2 text-slate-700">
        Points balance: <strong data-testid="points-balance">{points}</strong>
      </p>
      <h2 className="mt-8 text-xl font-semibold">Available Surveys</h2>
      {profileCard ? <ProfileSurveysCard {...profileCard} /> : <NoSurveys />}
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
          update your Country in <Link to="/details/user" className="text-brand-600 underline">My Detail</Link>;
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
