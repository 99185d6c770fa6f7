import { Outlet } from "@remix-run/react";
import { TabNav } from "~/components/tab-nav";
import { tr } from "~/i18n/mark";

// Activities: tabs over the member's histories. No loader of its own: each tab's loader runs the
// guard.
const TABS = [
  { to: "/activities/surveyRecords", label: tr("Survey History") },
  { to: "/activities/PointsRecords", label: tr("Points History") },
];

export default function ActivitiesLayout() {
  return (
    <div className="max-w-3xl">
      <TabNav label={tr("Activities")} tabs={TABS} />
      <Outlet />
    </div>
  );
}
