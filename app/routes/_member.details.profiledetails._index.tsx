import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { requireMemberWithDetails } from "~/domain/auth.server";
import { listProfileSurveys } from "~/domain/profile-surveys.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Profile Details | ${PRODUCT_NAME}` }];

// The profile-survey hub: a card per pending profile questionnaire. Same guard as the
// questionnaires it leads to (decision 015).
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMemberWithDetails(request);
  const cards = await listProfileSurveys(member);
  return { pending: cards.filter((card) => !card.submitted) };
}

/** The spec's 'Getting started' pause before a questionnaire opens: 2 to 3 seconds. */
const START_DELAY_MS = { min: 2000, max: 3000 };

export default function ProfileSurveyHub() {
  const { pending } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
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
        Profile Details
      </h1>
      <p className="mt-2 text-slate-700">
        Keep your profile details up to date: the better we know you, the better your chances of being chosen for
        well-rewarded projects.
      </p>
      {starting ? (
        <p role="status" className="mt-6 text-slate-700">
          Getting started. Please wait...
        </p>
      ) : pending.length === 0 ? (
        <p className="mt-6 rounded-md border border-slate-200 bg-white p-4">All Up to date</p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {pending.map((card) => (
            <li key={card.id}>
              <article
                aria-labelledby={`profile-survey-${card.id}`}
                className="flex h-full flex-col rounded-md border border-slate-200 bg-white p-4"
              >
                <h2 id={`profile-survey-${card.id}`} className="text-lg font-semibold">
                  {card.title}
                </h2>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
                  <dt>Category</dt>
                  <dd>{card.category}</dd>
                  <dt>Points</dt>
                  <dd>{card.points}</dd>
                </dl>
                <p className="mt-1 text-sm text-slate-700">Time: {card.minutes} min</p>
                <Link
                  to={card.href}
                  onClick={(event) => start(event, card.href)}
                  className="btn-primary mt-4 self-start"
                >
                  Start Survey
                </Link>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
