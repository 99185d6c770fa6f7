import type { LoaderFunctionArgs } from "@remix-run/node";
import { SectionLayout, type NavItem } from "~/components/nav-links";
import { requireAdmin } from "~/domain/admin-auth.server";

// The survey section (AdminSurvey): its secondary menu above /admin/survey, the profile survey sets,
// the screener pages and survey assignment.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

const SURVEY_SECTION: NavItem[] = [
  { to: "/admin/survey", label: "Surveys" },
  { to: "/admin/profilesurvey", label: "ProfileSurvey" },
  { to: "/admin/screenercreate", label: "Create Screener" },
  { to: "/admin/screener/list", label: "Screener List" },
  { to: "/admin/surveysassignv2", label: "Assign Surveys" },
];

export default function SurveySection() {
  return <SectionLayout label="Survey section" items={SURVEY_SECTION} wrap />;
}
