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
} from "@remix-run/react";
import type { ReactNode } from "react";
import { NotFound } from "~/components/not-found";
import { ProgressBar } from "~/components/progress-bar";
import { Toasts } from "~/components/toasts";
import { useNonce } from "~/lib/nonce";
import { PRODUCT_NAME } from "~/lib/product";
import { getToast } from "~/lib/toast.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: PRODUCT_NAME }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request);
  return data({ toast }, { headers: headers ?? undefined });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Every page but the admin back office is a member's, often on a phone: `touch` makes its buttons,
  // list links and choice rows thumb-sized (app/tailwind.css, decision 065).
  const { pathname } = useLocation();
  const touch = pathname === "/admin" || pathname.startsWith("/admin/") ? "" : " touch";
  return (
    <html lang="en">
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
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-slate-600">
        {isRouteErrorResponse(error)
          ? // A refused post (an unknown intent, say) says in plain words what to do next.
            error.status === 400 && typeof error.data === "string"
            ? error.data
            : `${error.status} ${error.statusText}`
          : "We could not complete your request. Please try again in a moment."}
      </p>
      <Link to="/" className="btn-primary mt-6">
        Go to home
      </Link>
    </main>
  );
}
