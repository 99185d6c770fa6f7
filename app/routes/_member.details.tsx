import { Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TabNav } from "~/components/tab-nav";
import { tr } from "~/i18n/mark";

// MyDetails: tabs for My Detail, Password and Profile Details. No loader of its own: each tab's
// loader and action run the guard it needs (My Detail and Password must not require complete
// details, or a member sent to fill them would loop).
const TABS = [
  { to: "/details/user", label: tr("My Detail") },
  { to: "/details/password", label: tr("Password") },
  { to: "/details/profiledetails", label: tr("Profile Details") },
];

export default function DetailsLayout() {
  const { t } = useTranslation();
  return (
    <div className="max-w-3xl">
      <TabNav label={t("My details")} tabs={TABS.map((tab) => ({ ...tab, label: t(tab.label) }))} />
      <Outlet />
    </div>
  );
}
