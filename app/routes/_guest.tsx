import { Outlet } from "@remix-run/react";
import { LanguageForm } from "~/components/language-form";
import { Logo } from "~/components/public-layout";

// The frame of the sign-in, registration and password-reset pages (every `_guest.*` route): a slim
// header whose logo leads back to Landing, above the page's own form. There is no loader: each page
// runs requireGuest in its own loader and action, since a layout's loader does not run before a
// child's action.
export const handle = { i18n: ["member"] };

export default function GuestPages() {
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <Logo />
          <LanguageForm />
        </div>
      </header>
      <Outlet />
    </>
  );
}
