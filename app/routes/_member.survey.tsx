import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageLinks, pageParam } from "~/components/data-table";
import { MemberSurveyCard } from "~/components/member-survey-card";
import { requireMemberWithDetails } from "~/domain/auth.server";
import { listAvailableSurveys } from "~/domain/member-surveys.server";
import { notFoundOnFailure } from "~/domain/member-lists.server";
import { getT } from "~/i18n/i18n.server";
import { titleMeta } from "~/lib/page-title";

export const meta: MetaFunction<typeof loader> = titleMeta("Surveys");

// /survey: every survey the member can take now, named, 10 a page. The spec's sidebar has no entry
// for it; the dashboard links here (decision 022) and so does the member menu (decision 077). A
// failed load shows the 404 page, as the spec says.
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMemberWithDetails(request);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const surveys = await notFoundOnFailure("surveys list", () => listAvailableSurveys(member.id, page));
  const t = await getT(request);
  return { title: t("Surveys"), surveys: surveys.rows, page: surveys.page, pageCount: surveys.pageCount };
}

export default function Surveys() {
  const { surveys, page, pageCount } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-semibold">{t("Surveys")}</h1>
      {surveys.length > 0 ? (
        <>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {surveys.map((survey) => (
              <MemberSurveyCard key={survey.surveyId} survey={survey} />
            ))}
          </div>
          <PageLinks page={page} pageCount={pageCount} label={t("Survey pages")} />
        </>
      ) : (
        <div className="mt-4 rounded-md border border-slate-200 bg-white p-4">
          <p>{t("Surveys are currently unavailable. Please check back later.")}</p>
          <p className="mt-2 text-slate-700">
            {t("Surveys are awarded by geographic location and tailored to your profile.")}
          </p>
        </div>
      )}
    </div>
  );
}
