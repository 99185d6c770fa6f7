import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { pageParam } from "~/components/data-table";
import { ScreenerPageHeading, ScreenerPageLinks } from "~/components/screener-pager";
import { LifecycleActions, LifecycleBadges } from "~/components/lifecycle-actions";
import { requireAdmin } from "~/domain/admin-auth.server";
import { findScreener } from "~/domain/screeners.server";
import { PRODUCT_NAME } from "~/lib/product";
import { QuestionnaireFields, useQuestionnaireForm } from "~/questionnaire/form";
import { notFound } from "~/lib/http.server";
import { parseId } from "~/lib/ids";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Screener"} | ${PRODUCT_NAME}` },
];

// /admin/screener/view/{id} (the spec's ScreenerView): the screener read-only, one page at a time
// (?page=N, from 1; anything out of range shows the first page), with its lifecycle buttons and a
// link to add or replace its rules (decision 056).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const screener = id === null ? null : await findScreener(id);
  if (!screener) throw notFound();
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const index = page <= screener.definition.pages.length ? page - 1 : 0;
  return {
    id: screener.id,
    title: screener.definition.title,
    definition: screener.definition,
    index,
    rulesAdded: screener.rulesAdded,
    answered: screener.answered,
    closed: screener.closed,
    archived: screener.archived,
  };
}

export default function ScreenerView() {
  const { id, title, definition, index, rulesAdded, answered, closed, archived } = useLoaderData<typeof loader>();
  const [form] = useQuestionnaireForm({ id: `screener-view-${id}`, definition });
  return (
    <section aria-labelledby="screener-view-heading">
      <Link to="/admin/screener/list" className="text-sm text-brand-700 underline">
        ← Back to Screener List
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 id="screener-view-heading" className="text-2xl font-semibold">
          {title}
        </h1>
        <LifecycleBadges closed={closed} archived={archived} />
      </div>
      <LifecycleActions kind="screener" id={id} closed={closed} archived={archived} />
      <p className="mt-2 text-sm text-slate-700">
        {!rulesAdded ? (
          <Link to={`/admin/screener/rules/${id}`} className="text-brand-700 underline">
            Add Validation
          </Link>
        ) : answered ? (
          "Members have answered this screener, so its rules can no longer be replaced: clone it to set new ones."
        ) : (
          <Link to={`/admin/screener/rules/${id}`} className="text-brand-700 underline">
            Replace Rules
          </Link>
        )}
      </p>
      {definition.description ? <p className="mt-1 text-slate-700">{definition.description}</p> : null}
      <div className="mt-4 rounded-md border border-slate-200 bg-white p-4">
        <ScreenerPageHeading index={index} count={definition.pages.length} />
        <QuestionnaireFields definition={definition} form={form} page={index} readOnly />
      </div>
      <ScreenerPageLinks index={index} count={definition.pages.length} />
    </section>
  );
}
