import { Outlet } from "@remix-run/react";
import { TabNav } from "~/components/tab-nav";

// MyDetails: tabs for My Detail, Password and Profile Details. No loader of its own: each tab's
// loader and action run the guard it needs (My Detail and Password must not require complete
// details, or a member sent to fill them would loop).
const TABS = [
  { to: "/details/user", label: "My Detail" },
  { to: "/details/password", label: "Password" },
  { to: "/details/profiledetails", label: "Profile Details" },
];

export default function DetailsLayout() {
  return (
    <div className="max-w-3xl">
      <TabNav label="My details" tabs={TABS} />
      <Outlet />
    </div>
  );
}
