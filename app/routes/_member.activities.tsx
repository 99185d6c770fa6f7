import { Outlet } from "@remix-run/react";
import { TabNav } from "~/components/tab-nav";

// Activities: tabs over the member's histories. No loader of its own: each tab's loader runs the
// guard.
const TABS = [
  { to: "/activities/surveyRecords", label: "Survey History" },
  { to: "/activities/PointsRecords", label: "Points History" },
];

export default function ActivitiesLayout() {
  return (
    <div className="max-w-3xl">
      <TabNav label="Activities" tabs={TABS} />
      <Outlet />
    </div>
  );
}
