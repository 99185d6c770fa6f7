import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable, CELL, PageLinks, pageParam } from "~/components/data-table";
import { requireMemberWithDetails } from "~/domain/auth.server";
import { listSurveyHistory } from "~/domain/member-surveys.server";
import { PRODUCT_NAME } from "~/lib/product";
import { notFoundOnFailure } from "~/domain/member-lists.server";

export const meta: MetaFunction = () => [{ title: `Survey History | ${PRODUCT_NAME}` }];

// /activities/surveyRecords: the member's ended surveys, 10 a page, with the points each one paid
// (from the ledger, decision 022). A failed load shows the 404 page, as the spec says; a page
// number out of range is not a failure and shows the nearest page.
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMemberWithDetails(request);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const history = await notFoundOnFailure("survey history", () => listSurveyHistory(member.id, page));
  return { rows: history.rows, page: history.page, pageCount: history.pageCount };
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone: "UTC" });

export default function SurveyHistory() {
  const { rows, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="survey-history-heading">
      <h1 id="survey-history-heading" className="text-2xl font-semibold">
        Survey History
      </h1>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-md border border-slate-200 bg-white p-4">No Survey History Found</p>
      ) : (
        <>
          <DataTable headings={["#", "Date", "Survey ID", "Reward"]} className="mt-4">
            {rows.map((row) => (
              <tr key={row.assignmentId} className="border-t border-slate-100">
                <td className={CELL}>{row.index}</td>
                <td className={CELL}>
                  <time dateTime={row.date}>{dateFormat.format(new Date(row.date))}</time>
                </td>
                <td className={CELL}>{row.surveyId}</td>
                <td className={CELL}>{row.reward}</td>
              </tr>
            ))}
          </DataTable>
          <PageLinks page={page} pageCount={pageCount} label="Survey history pages" />
        </>
      )}
    </section>
  );
}
