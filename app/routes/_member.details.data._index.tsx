import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireVerifiedMember } from "~/domain/auth.server";
import { MEMBER_DATA_TABLES } from "~/domain/member-data.server";
import { getT } from "~/i18n/i18n.server";
import { PRODUCT_NAME } from "~/lib/product";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction<typeof loader> = titleMeta("My data");

// /details/data: the member's data downloads (decision 068). Plain links to attachments, so they
// work the same with and without JavaScript; an over-limit download comes back here with a message.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireVerifiedMember(request);
  const t = await getT(request);
  return {
    title: t("My data"),
    tables: MEMBER_DATA_TABLES.map(({ name, title, description }) => ({ name, title, description })),
  };
}

export default function MyData() {
  const { tables } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="my-data-heading">
      <h1 id="my-data-heading" className="text-2xl font-semibold">
        {t("My data")}
      </h1>
      <p className="mt-2 text-slate-700">
        {t(
          "Download everything {{product}} holds about you: your details and choices, your answers, the surveys offered to you, your points, withdrawals and payment accounts, your signed-in devices and the mails sent to you. Passwords, session keys and the links mailed to you are never included; you see that they exist and when.",
          { product: PRODUCT_NAME },
        )}
      </p>
      <h2 className="mt-6 text-lg font-semibold">{t("Everything in one file")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("A JSON file, for another service or a program to read.")}</p>
      <a href="/details/data.json" className="btn-primary mt-3">
        {t("Download all my data (JSON)")}
      </a>
      <h2 className="mt-8 text-lg font-semibold">{t("One spreadsheet per table")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("CSV files that open in any spreadsheet program.")}</p>
      <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
        {tables.map((table) => (
          <li key={table.name} className="px-4 py-3">
            <a href={`/details/data/csv/${table.name}`} className="font-medium text-blue-700 underline">
              {t("{{table}} (CSV)", { table: t(table.title) })}
            </a>
            <p className="mt-1 text-sm text-slate-600">{t(table.description)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-6">
        <Link to="/details/user" className="btn-secondary">
          {t("Back to My Detail")}
        </Link>
      </p>
    </section>
  );
}
