import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PagedHistory, STACKED_ROW, StackedCell } from "~/components/data-table";
import { listSurveyHistory } from "~/domain/member-surveys.server";
import { PRODUCT_NAME } from "~/lib/product";
import { loadMemberHistory } from "~/domain/member-lists.server";
import { withAppeals } from "~/domain/appeals.server";
import { AppealCell } from "~/components/appeal-cell";

export const meta: MetaFunction = () => [{ title: `Survey History | ${PRODUCT_NAME}` }];

// /activities/surveyRecords: the member's ended surveys, 10 a page: the survey's name, when it
// ended, how (in words, with the reason when the word alone does not say it) and the points it paid
// (from the ledger, decisions 022 and 077). On a phone each row stacks as a block. A failed load
// shows the 404 page, as the spec says; a page number out of range shows the nearest page.
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

const HEADINGS = ["#", "Date", "Survey", "Outcome", "Reward", "Appeal"];

export default function SurveyHistory() {
  return (
    <PagedHistory
      id="survey-history"
      title="Survey History"
      history={useLoaderData<typeof loader>()}
      headings={HEADINGS}
      stacked
      row={(row) => (
        <tr key={row.assignmentId} className={STACKED_ROW}>
          <StackedCell label={HEADINGS[0]}>{row.index}</StackedCell>
          <StackedCell label={HEADINGS[1]}>
            <time dateTime={row.date} className="whitespace-nowrap">
              {dateFormat.format(new Date(row.date))}
            </time>
          </StackedCell>
          <StackedCell label={HEADINGS[2]}>
            <span className="break-words font-medium">{row.surveyName}</span>
          </StackedCell>
          <StackedCell label={HEADINGS[3]}>
            {row.outcome}
            {row.reason ? <p className="mt-1 text-slate-600">{row.reason}</p> : null}
          </StackedCell>
          <StackedCell label={HEADINGS[4]}>
            <span className="whitespace-nowrap">{row.reward > 0 ? pointsText(row.reward) : "No points"}</span>
            {row.rewardNotes.length > 0 ? (
              <ul className="mt-1 text-slate-600">
                {row.rewardNotes.map((note, index) => (
                  <li key={index}>{note}</li>
                ))}
              </ul>
            ) : null}
          </StackedCell>
          <StackedCell label={HEADINGS[5]}>
            {row.appealEvent ? <AppealCell event={row.appealEvent} appeal={row.appeal} /> : null}
          </StackedCell>
        </tr>
      )}
    />
  );
}

function pointsText(points: number): string {
  return `${points} ${points === 1 ? "point" : "points"}`;
}
