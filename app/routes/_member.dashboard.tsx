import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMemberWithDetails } from "~/domain/auth.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Dashboard | ${PRODUCT_NAME}` }];

// The survey cards and the profile-survey card come with survey delivery and the profile
// questionnaires; until a member has surveys the page shows the spec's apology.
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMemberWithDetails(request);
  return { name: `${member.firstName} ${member.lastName}`.trim(), points: member.pointsBalance };
}

export default function Dashboard() {
  const { name, points } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-semibold">Welcome, {name}</h1>
      <p className="mt-2 text-slate-700">
        Points balance: <strong data-testid="points-balance">{points}</strong>
      </p>
      <h2 className="mt-8 text-xl font-semibold">Available Surveys</h2>
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
    </div>
  );
}
