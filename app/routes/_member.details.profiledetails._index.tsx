import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { requireMemberWithDetails } from "~/domain/auth.server";
import { listProfileSurveys } from "~/domain/profile-surveys.server";
import { useFormats } from "~/i18n/format";
import { getT } from "~/i18n/i18n.server";
import { PRODUCT_NAME } from "~/lib/product";
import { definitionText, questionnaireHandle, useQuestionnaireTranslation } from "~/questionnaire/texts";

/** The built-ins' titles are in the questionnaires' texts. */
export const handle = questionnaireHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.pageTitle ?? "Profile Details"} | ${PRODUCT_NAME}` },
];

// The profile-survey hub: a card per pending profile questionnaire. Same guard as the
// questionnaires it leads to (decision 015).
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMemberWithDetails(request);
  const cards = await listProfileSurveys(member);
  const t = await getT(request);
  return { pending: cards.filter((card) => !card.submitted), pageTitle: t("Profile Details") };
}

/** The spec's 'Getting started' pause before a questionnaire opens: 2 to 3 seconds. */
const START_DELAY_MS = { min: 2000, max: 3000 };

export default function ProfileSurveyHub() {
  const { pending } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { t } = useQuestionnaireTranslation();
  const formats = useFormats();
  const [starting, setStarting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  // Without JavaScript the link simply opens the questionnaire. A click meant for a new tab or
  // window is left to the browser.
  function start(event: MouseEvent<HTMLAnchorElement>, href: string) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setStarting(true);
    const delay = START_DELAY_MS.min + Math.random() * (START_DELAY_MS.max - START_DELAY_MS.min);
    timer.current = setTimeout(() => navigate(href), delay);
  }

  return (
    <section aria-labelledby="profile-hub-heading">
      <h1 id="profile-hub-heading" className="text-2xl font-semibold">
        {t("Profile Details")}
      </h1>
      <p className="mt-2 text-slate-700">
        {t(
          "Keep your profile details up to date: the better we know you, the better your chances of being chosen for well-rewarded projects.",
        )}
      </p>
      {starting ? (
        <p role="status" className="mt-6 text-slate-700">
          {t("Getting started. Please wait...")}
        </p>
      ) : pending.length === 0 ? (
        <p className="mt-6 rounded-md border border-slate-200 bg-white p-4">{t("All Up to date")}</p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {pending.map((card) => (
            <li key={card.id}>
              <article
                aria-labelledby={`profile-survey-${card.id}`}
                className="flex h-full flex-col rounded-md border border-slate-200 bg-white p-4"
              >
                <h2 id={`profile-survey-${card.id}`} className="text-lg font-semibold">
                  {definitionText(t, card.title)}
                </h2>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
                  <dt>{t("Category")}</dt>
                  <dd>{definitionText(t, card.category)}</dd>
                  <dt>{t("Points")}</dt>
                  <dd>{formats.points(card.points)}</dd>
                </dl>
                <p className="mt-1 text-sm text-slate-700">
                  {t("Time: {{minutes}} min", { minutes: formats.number(card.minutes) })}
                </p>
                <Link
                  to={card.href}
                  onClick={(event) => start(event, card.href)}
                  className="btn-primary mt-4 self-start"
                >
                  {t("Start Survey")}
                </Link>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
