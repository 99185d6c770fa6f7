import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AutoRefresh } from "~/components/auto-refresh";
import { BarChart, chartSummary, type Bar } from "~/components/bar-chart";
import { CELL, DataTable } from "~/components/data-table";
import { requireAdmin } from "~/domain/admin-auth.server";
import { loadFieldReport, type FieldReport } from "~/domain/field-report.server";
import { formatDuration } from "~/domain/survey-results";
import { notFound, requireId } from "~/lib/http.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `Field report: ${loaded?.report.survey.name ?? "Survey"} | ${PRODUCT_NAME}` },
];

// /admin/survey/{id}/field: how a survey (hosted or external) is doing in the field, from its
// assignments and their ledger entries (docs/decisions/059-field-report.md). It reads only: the
// Refresh link reloads it without JavaScript, and with JavaScript it reloads itself every minute.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const report = await loadFieldReport(requireId(params));
  if (!report) throw notFound();
  return { report };
}

export default function FieldReportPage() {
  const { report } = useLoaderData<typeof loader>();
  const { survey, counts } = report;
  return (
    <section aria-labelledby="field-heading">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={`/admin/survey/${survey.id}`} aria-label="Back to the survey" className="btn-secondary">
          ←
        </Link>
        <h1 id="field-heading" className="text-2xl font-semibold">
          Field report: {survey.name}
        </h1>
        <Link to={`/admin/survey/${survey.id}/field`} className="text-sm underline">
          Refresh
        </Link>
      </div>
      <p className="mt-2 text-sm text-slate-600" data-testid="as-of">
        {survey.delivery === "hosted" ? "Hosted survey" : "External survey"},{" "}
        {survey.live ? "live" : "not live (members cannot open it)"}. Figures as of {utcSecond(report.asOf)}.
      </p>
      <AutoRefresh message="The figures update every minute." />

      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <FigureTable
          title="Audience"
          rows={[
            [
              "Members assigned",
              counts.assigned,
              "Members holding an assignment: assigned by an admin, or opened from the audience",
            ],
            [
              "Matching now",
              report.matchingNow ?? "–",
              report.matchingNow === null
                ? "The survey has no audience: only assigned members see it"
                : "Members the survey's audience matches today, whether or not they have opened it",
            ],
          ]}
        />
        <FigureTable
          title="Rates and quota"
          rows={[
            [
              "Incidence rate",
              report.incidence === null ? "–" : percent(report.incidence),
              "Completes ÷ (completes + screen-outs)",
            ],
            ["Median length of interview", duration(report.loi.median), "Of the completes"],
            ["90th-percentile length of interview", duration(report.loi.p90), "Of the completes"],
            [
              "Quota progress",
              survey.quota === null
                ? `${counts.completes} (no quota)`
                : `${counts.completes} of ${survey.quota} (${percent(counts.completes / survey.quota)})`,
              "Completes of the quota",
            ],
            [
              "Places held",
              survey.quota === null
                ? "–"
                : `${report.placesHeld.completes + report.placesHeld.inProgress} of ${survey.quota}: ${report.placesHeld.completes} completes, ${report.placesHeld.inProgress} in progress`,
              "Completes plus starts still within the survey's length and grace period; a full quota turns later starters away",
            ],
          ]}
        />
        <FigureTable
          title="Fieldwork"
          rows={[
            ["Opened", counts.opened, "Assignments the member has opened"],
            ["Screened out by the pre-screener", counts.prescreenedOut, "Failed the panel's pre-screener"],
            ["Started", counts.started, "Sent to the survey, whatever happened next"],
            ["In progress", counts.inProgress, "Started, not ended yet"],
            ["Completes", counts.completes, "Status Complete"],
            ["Screen-outs", counts.screenOuts, "Screened out inside the survey"],
            ["Over quota", counts.overQuota, "Turned away: the quota was full"],
            ["Quality terminations", counts.quality, "Ended by the vendor's quality checks"],
            ["Security terminations", counts.security, "A return link with a bad signature"],
            ["Paused", counts.paused, "Paused by an admin"],
          ]}
        />
        <FigureTable
          title="Points"
          rows={[
            ["Points paid", report.points.paid, "Credited for this survey's completes"],
            ["Points reversed", report.points.reversed, "Taken back from them"],
            [
              "Screen-out compensation",
              report.points.compensation,
              "Credited for screen-outs and over quota inside the survey",
            ],
            [
              "Net points",
              report.points.paid - report.points.reversed + report.points.compensation,
              "Paid less reversed, plus compensation",
            ],
          ]}
        />
      </div>

      <CompletesPerDay days={report.completesPerDay} />
    </section>
  );
}

type FigureRow = [name: string, value: number | string, meaning: string];

function FigureTable({ title, rows }: { title: string; rows: FigureRow[] }) {
  const id = `field-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <DataTable headings={["Figure", "Value", "What it counts"]} className="mt-2">
        {rows.map(([name, value, meaning]) => (
          <tr key={name} className="border-t border-slate-200">
            <th scope="row" className={`font-normal ${CELL}`}>
              {name}
            </th>
            <td className={`font-semibold ${CELL}`}>
              {typeof value === "number" ? value.toLocaleString("en-US") : value}
            </td>
            <td className={`text-slate-600 ${CELL}`}>{meaning}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function CompletesPerDay({ days }: { days: FieldReport["completesPerDay"] }) {
  const bars: Bar[] = days.map((day) => ({ label: day.day, count: day.completes }));
  return (
    <section aria-labelledby="field-per-day" className="mt-8 max-w-3xl">
      <h2 id="field-per-day" className="text-lg font-semibold">
        Completes per day
      </h2>
      <p className="text-sm text-slate-600">The last {days.length} days, by the day each complete ended (UTC).</p>
      <BarChart bars={bars} summary={chartSummary("Completes per day", bars)} />
      <DataTable headings={["Day (UTC)", "Completes"]} className="mt-2">
        {days.map((day) => (
          <tr key={day.day} className="border-t border-slate-200">
            <td className={CELL}>{day.day}</td>
            <td className={CELL}>{day.completes}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function percent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

/** A length of interview, or "–" without one. */
function duration(seconds: number | null): string {
  return seconds === null ? "–" : formatDuration(seconds);
}

/** "2026-11-26 03:10:22 UTC": to the second, so that a refresh shows it happened. */
function utcSecond(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}
