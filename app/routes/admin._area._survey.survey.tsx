import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { requireAdmin } from "~/domain/admin-auth.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Surveys | ${PRODUCT_NAME}` }];

// /admin/survey: where the survey section starts; each task has its own page in the menu above.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

const TASKS = [
  { to: "/admin/profilesurvey", title: "ProfileSurvey", text: "Profile survey sets members answer once, per country." },
  { to: "/admin/screenercreate", title: "Create Screener", text: "Build a screener that qualifies members for a survey." },
  { to: "/admin/screener/list", title: "Screener List", text: "Every screener, its questions and its qualifying rules." },
  { to: "/admin/surveysassignv2", title: "Assign Surveys", text: "Offer a survey to a member, to everyone, or by demographics." },
];

export default function AdminSurvey() {
  return (
    <section aria-labelledby="survey-heading">
      <h1 id="survey-heading" className="text-2xl font-semibold">
        Surveys
      </h1>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {TASKS.map((task) => (
          <li key={task.to} className="rounded-lg border border-slate-200 bg-white p-4">
            <Link to={task.to} className="font-semibold text-brand-700 underline">
              {task.title}
            </Link>
            <p className="mt-1 text-sm text-slate-600">{task.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
