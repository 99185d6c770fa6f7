import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, CELL, PageLinks, pageParam } from "~/components/data-table";
import { ShowArchivedFilter, showArchivedParam } from "~/components/lifecycle-actions";
import { requireAdmin } from "~/domain/admin-auth.server";
import { listSurveys } from "~/domain/survey-catalogue.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Surveys | ${PRODUCT_NAME}` }];

// /admin/survey: the survey catalogue (the spec's paged survey list), newest first; the page is a
// query parameter, so the page links work without JavaScript. Archived surveys only with ?archived=1.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const showArchived = showArchivedParam(request.url);
  return { page, showArchived, ...(await listSurveys(page, { showArchived })) };
}

export default function SurveyCatalogue() {
  const { surveys, page, pageCount, total, showArchived } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="surveys-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="surveys-heading" className="text-2xl font-semibold">
          Surveys
        </h1>
        <Link to="/admin/survey/new" className="btn-primary">
          Create Survey
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {total} surveys · page {page} of {pageCount}
        {showArchived ? " · archived ones included" : ""} ·{" "}
        <ShowArchivedFilter showArchived={showArchived} what="surveys" />
      </p>
      <DataTable
        headings={["Name", "Category", "Points", "Time", "Delivery", "Status", "Edit"]}
        className="mt-4"
        empty={surveys.length === 0 ? "No surveys yet. Create the first one." : undefined}
      >
        {surveys.map((survey) => (
          <tr key={survey.id} className="border-t border-slate-200 align-top">
            <td className={CELL}>{survey.name}</td>
            <td className={CELL}>{survey.categoryName}</td>
            <td className={CELL}>{survey.points}</td>
            <td className={`whitespace-nowrap ${CELL}`}>{survey.lengthMinutes} min</td>
            <td className={CELL}>{survey.delivery === "hosted" ? "Hosted" : "External"}</td>
            {/* The spec's panel_launch label. */}
            <td className={`whitespace-nowrap ${CELL}`}>
              {survey.launched ? "Launched" : "Not Launched"}
              {survey.closed ? " · Closed" : ""}
              {survey.archived ? " · Archived" : ""}
            </td>
            <td className={CELL}>
              <Link
                to={`/admin/survey/${survey.id}`}
                aria-label={`Edit ${survey.name}`}
                className="text-brand-700 underline"
              >
                Edit
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      <PageLinks
        page={page}
        pageCount={pageCount}
        label="Survey pages"
        href={(number) => `?page=${number}${showArchived ? "&archived=1" : ""}`}
      />
    </section>
  );
}
