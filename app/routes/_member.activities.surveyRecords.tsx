import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CELL, PagedHistory } from "~/components/data-table";
import { listSurveyHistory } from "~/domain/member-surveys.server";
import { PRODUCT_NAME } from "~/lib/product";
import { loadMemberHistory } from "~/domain/member-lists.server";
import { withAppeals } from "~/domain/appeals.server";
import { AppealCell } from "~/components/appeal-cell";

export const meta: MetaFunction = () => [{ title: `Survey History | ${PRODUCT_NAME}` }];

// /activities/surveyRecords: the member's ended surveys, 10 a page, with the points each one paid
// (from the ledger, decision 022). A failed load shows the 404 page, as the spec says; a page
// number out of range is not a failure and shows the nearest page.
export function loader({ request }: LoaderFunctionArgs) {
  return loadMemberHistory(request, "survey history", async (memberId, page) =>
    withAppeals(memberId, await listSurveyHistory(memberId, page)),
  );
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

export default function SurveyHistory() {
  return (
    <PagedHistory
      id="survey-history"
      title="Survey History"
      history={useLoaderData<typeof loader>()}
      headings={["#", "Date", "Survey ID", "Reward", "Outcome", "Appeal"]}
      row={(row) => (
        <tr key={row.assignmentId} className="border-t border-slate-100">
          <td className={CELL}>{row.index}</td>
          <td className={CELL}>
            <time dateTime={row.date}>{dateFormat.format(new Date(row.date))}</time>
          </td>
          <td className={CELL}>{row.surveyId}</td>
          <td className={CELL}>{row.reward}</td>
          <td className={CELL}>
            {row.outcome}
            {row.reason ? <p className="mt-1 text-slate-600">{row.reason}</p> : null}
          </td>
          <td className={CELL}>
            <AppealCell event={row.appealEvent} appeal={row.appeal} />
          </td>
        </tr>
      )}
    />
  );
}
