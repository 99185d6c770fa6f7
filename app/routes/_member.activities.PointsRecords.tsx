import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CELL, PagedHistory } from "~/components/data-table";
import { listPointsHistory } from "~/domain/ledger.server";
import { translateRemark, translateWith } from "~/domain/member-texts";
import { tr } from "~/i18n/mark";
import { getT } from "~/i18n/i18n.server";
import { titleMeta } from "~/lib/page-title";
import { loadMemberHistory } from "~/domain/member-lists.server";
import { withAppeals } from "~/domain/appeals.server";
import { AppealCell } from "~/components/appeal-cell";

export const meta: MetaFunction<typeof loader> = titleMeta("Points History");

// /activities/PointsRecords: the member's ledger, newest first, 10 a page, with the spec's columns
// (Reference ID, Remark, Debit/Credit, Status). A failed load shows the 404 page, as the spec says;
// a page number out of range shows the nearest page. Remarks are stored in English and shown in
// the member's language (member-texts).
export async function loader({ request }: LoaderFunctionArgs) {
  const history = await loadMemberHistory(request, "points history", async (memberId, page) =>
    withAppeals(memberId, await listPointsHistory(memberId, page)),
  );
  const t = await getT(request);
  return { ...history, title: t("Points History") };
}

const HEADINGS = [tr("Reference ID"), tr("Remark"), tr("Debit/Credit"), tr("Status"), tr("Appeal")];

export default function PointsHistory() {
  const { t } = useTranslation();
  const translate = translateWith(t);
  return (
    <PagedHistory
      id="points-history"
      title={tr("Points History")}
      pagesLabel={tr("Points history pages")}
      history={useLoaderData<typeof loader>()}
      headings={HEADINGS}
      row={(row) => (
        <tr key={row.referenceId} className="border-t border-slate-100">
          <td className={`${CELL} font-mono`}>{row.referenceId}</td>
          <td className={CELL}>
            {translateRemark(translate, row.remark)}
            {row.holdReason ? <p className="mt-1 text-slate-600">{t(row.holdReason)}</p> : null}
          </td>
          <td className={`${CELL} whitespace-nowrap ${row.change < 0 ? "text-red-700" : "text-green-800"}`}>
            {row.change > 0 ? `+${row.change}` : row.change}
          </td>
          <td className={CELL}>{statusText(translate, row.status)}</td>
          <td className={CELL}>
            <AppealCell event={row.appealEvent} appeal={row.appeal} />
          </td>
        </tr>
      )}
    />
  );
}

/** "Paid out (UTR123)": the status in words, the payout's reference as it is. */
function statusText(t: (text: string) => string, status: string): string {
  const paid = /^(.+) \(([^()]+)\)$/.exec(status);
  return paid ? `${t(paid[1]!)} (${paid[2]})` : t(status);
}
