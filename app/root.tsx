import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { NotFound } from "~/components/not-found";
import { ProgressBar } from "~/components/progress-bar";
import { Toasts } from "~/components/toasts";
import { DEFAULT_LANGUAGE } from "~/i18n/config";
import { isAdminPath } from "~/i18n/config";
import { getLanguage } from "~/i18n/i18n.server";
import { useRouteTexts } from "~/i18n/route-texts";
import { useNonce } from "~/lib/nonce";
import { PRODUCT_NAME } from "~/lib/product";
import { getToast } from "~/lib/toast.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: PRODUCT_NAME }];

/** Every page needs the layouts' texts; each layout route names its own namespaces (decision 074). */
export const handle = { i18n: ["common"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request);
  const language = await getLanguage(request);
  return data({ toast, language }, { headers: headers ?? undefined });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Without the root's data (its loader threw) the page is English, as the admin's.
  const root = useRouteLoaderData<typeof loader>("root");
  const language = root?.language ?? DEFAULT_LANGUAGE;
  useChangeLanguage(language);
  // Every page but the admin back office is a member's, often on a phone: `touch` makes its buttons,
  // list links and choice rows thumb-sized (app/tailwind.css, decision 065).
  const touch = isAdminPath(useLocation().pathname) ? "" : " touch";
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className={`min-h-screen bg-slate-50 text-slate-900 antialiased${touch}`}>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  useRouteTexts();
  return (
    <>
      <ProgressBar />
      <Toasts toast={toast} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{t("Something went wrong")}</h1>
      <p className="mt-2 text-slate-600">
        {isRouteErrorResponse(error)
          ? // A refused post (an unknown intent, say) says in plain words what to do next.
            error.status === 400 && typeof error.data === "string"
            ? t(error.data)
            : `${error.status} ${error.statusText}`
          : t("We could not complete your request. Please try again in a moment.")}
      </p>
      <Link to="/" className="btn-primary mt-6">
        {t("Go to home")}
      </Link>
    </main>
  );
}
