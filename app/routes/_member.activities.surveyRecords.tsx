import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PagedHistory, STACKED_ROW, StackedCell } from "~/components/data-table";
import { listSurveyHistory } from "~/domain/member-surveys.server";
import { translateKnown, translateWith, type Translate } from "~/domain/member-texts";
import { REWARD_NOTES } from "~/domain/survey-history";
import { FORMAT_LOCALE, type Language } from "~/i18n/config";
import { tr } from "~/i18n/mark";
import { getT } from "~/i18n/i18n.server";
import { titleMeta } from "~/lib/page-title";
import { loadMemberHistory } from "~/domain/member-lists.server";
import { withAppeals } from "~/domain/appeals.server";
import { AppealCell } from "~/components/appeal-cell";

export const meta: MetaFunction<typeof loader> = titleMeta("Survey History");

// /activities/surveyRecords: the member's ended surveys, 10 a page: the survey's name, when it
// ended, how (in words, with the reason when the word alone does not say it) and the points it paid
// (from the ledger, decisions 022 and 077). On a phone each row stacks as a block. A failed load
// shows the 404 page, as the spec says; a page number out of range shows the nearest page.
export async function loader({ request }: LoaderFunctionArgs) {
  const history = await loadMemberHistory(request, "survey history", async (memberId, page) =>
    withAppeals(memberId, await listSurveyHistory(memberId, page)),
  );
  const t = await getT(request);
  return { ...history, title: t("Survey History") };
}

// "26 Nov 2026" in English, the month named in Hindi on a Hindi page.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: string) {
  const locale = language === "hi" ? FORMAT_LOCALE.hi : "en-GB";
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: "2-digit", month: "short", year: "numeric", timeZone: "UTC" });
    dateFormats.set(locale, format);
  }
  return format;
}

const HEADINGS = ["#", tr("Date"), tr("Survey"), tr("Outcome"), tr("Reward"), tr("Appeal")];

export default function SurveyHistory() {
  const { t, i18n } = useTranslation();
  const translate = translateWith(t);
  const labels = HEADINGS.map((heading) => t(heading));
  const language: Language = i18n.language === "hi" ? "hi" : "en";
  return (
    <PagedHistory
      id="survey-history"
      title={tr("Survey History")}
      pagesLabel={tr("Survey history pages")}
      history={useLoaderData<typeof loader>()}
      headings={HEADINGS}
      stacked
      row={(row) => (
        <tr key={row.assignmentId} className={STACKED_ROW}>
          <StackedCell label={labels[0]}>{row.index}</StackedCell>
          <StackedCell label={labels[1]}>
            <time dateTime={row.date} className="whitespace-nowrap">
              {dateFormat(language).format(new Date(row.date))}
            </time>
          </StackedCell>
          <StackedCell label={labels[2]}>
            <span className="break-words font-medium">{row.surveyName}</span>
          </StackedCell>
          <StackedCell label={labels[3]}>
            {t(row.outcome)}
            {row.reason ? <p className="mt-1 text-slate-600">{t(row.reason)}</p> : null}
          </StackedCell>
          <StackedCell label={labels[4]}>
            <span className="whitespace-nowrap">
              {row.reward > 0 ? t("{{count}} points", { count: row.reward }) : t("No points")}
            </span>
            {row.rewardNotes.length > 0 ? (
              <ul className="mt-1 text-slate-600">
                {row.rewardNotes.map((note, index) => (
                  <li key={index}>{rewardNoteText(translate, note)}</li>
                ))}
              </ul>
            ) : null}
          </StackedCell>
          <StackedCell label={labels[5]}>
            {row.appealEvent ? <AppealCell event={row.appealEvent} appeal={row.appeal} /> : null}
          </StackedCell>
        </tr>
      )}
    />
  );
}

/** A reward note ("80 points taken back") in the member's language. */
function rewardNoteText(t: Translate, note: string): string {
  return translateKnown(t, note, Object.values(REWARD_NOTES), (name, value) => {
    const count = /^(\d+) points?$/.exec(value)?.[1];
    return name === "points" && count !== undefined ? t("{{count}} points", { count: Number(count) }) : value;
  });
}
