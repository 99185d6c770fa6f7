import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { HeroCarousel } from "~/components/hero-carousel";
import { usePublicPage } from "~/components/public-layout";
import { APART, FAQ, HERO_SLIDES, HOW_IT_WORKS } from "~/content/landing";
import { PUBLIC_PAGES, pageMeta } from "~/content/pages";
import { translatedPage } from "~/content/pages.server";
import type { GuestPageHandle } from "~/lib/guest-page-cache.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.page ?? PUBLIC_PAGES.landing);

// Only the page's title and description, in the visitor's language.
export async function loader({ request }: LoaderFunctionArgs) {
  return { page: await translatedPage(request, PUBLIC_PAGES.landing) };
}

// The same for every visitor, so visitors without a cookie may get it from the guest page cache
// (docs/decisions/050-guest-page-cache.md).
export const handle: GuestPageHandle = { guestPageCache: true };

// Open to anyone: the header and footer come from the public frame (app/routes/_public.tsx).
export default function Landing() {
  const page = usePublicPage();
  const { t } = useTranslation();
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 pt-10">
        <h1 className="text-3xl font-bold sm:text-4xl">{PRODUCT_NAME}</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">
          {t(
            "Register for free, answer market-research surveys and earn points. Withdraw your points as money by PayPal, bank transfer or UPI.",
          )}
        </p>
        <div className="mt-8">
          <HeroCarousel slides={HERO_SLIDES} />
        </div>
      </div>

      <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="how-it-works" className="text-2xl font-bold">
          {t("How it works")}
        </h2>
        <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {HOW_IT_WORKS.map((step, index) => (
            <li key={step.heading}>
              <span
                aria-hidden="true"
                className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-700"
              >
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold">{t(step.heading)}</h3>
              <p className="mt-1 text-slate-700">{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="payouts" className="bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 md:grid-cols-2">
          <div>
            <h2 id="payouts" className="text-2xl font-bold">
              {t("Payouts your way")}
            </h2>
            <p className="mt-3 text-slate-700">
              {t(
                "Withdraw to PayPal, straight to your bank account or to UPI. The payout threshold depends on your country and is kept low, so your first withdrawal is within reach.",
              )}
            </p>
            <p className="mt-3 text-slate-700">
              {t(
                "Rewards go to a payment account of your own, one of each kind; a PayPal account must use the e-mail address you signed up with. One account per person.",
              )}
            </p>
          </div>
          <div>
            <h2 className="text-2xl font-bold">{t("Research for companies")}</h2>
            <p className="mt-3 text-slate-700">
              {t(
                "Researchers and companies commission custom surveys and reach the right respondents by demographics and screening criteria.",
              )}
            </p>
            <p className="mt-4 flex flex-wrap gap-4">
              <Link to="/custom-surveys" className="text-brand-700 underline">
                {t("Custom surveys")}
              </Link>
              <Link to="/scalibility" className="text-brand-700 underline">
                {t("How the panel scales")}
              </Link>
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="apart" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="apart" className="text-2xl font-bold">
          {t("What Sets Us Apart")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {APART.map((card) => (
            <li key={card.heading} className="rounded-lg border border-slate-200 p-5 shadow-sm">
              <h3 className="font-semibold">{t(card.heading)}</h3>
              <p className="mt-2 text-slate-700">{t(card.text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="faq" aria-labelledby="faq-heading" className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-14">
          <h2 id="faq-heading" className="text-2xl font-bold">
            {t("Frequently Asked Questions")}
          </h2>
          {/* <details> opens and closes natively, with or without JavaScript. */}
          <div className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {FAQ.map((item) => (
              <details key={item.question} className="px-5 py-1.5">
                {/* The question's padding is inside the summary, so the whole bar (44 px or more) opens it. */}
                <summary className="cursor-pointer py-2.5 font-semibold text-slate-900">
                  {t(item.question, { product: PRODUCT_NAME })}
                </summary>
                <p className="pb-2.5 text-slate-700">
                  {item.answer.map((sentence) => t(sentence, { product: PRODUCT_NAME })).join(" ")}
                </p>
              </details>
            ))}
          </div>
        </div>
      </section>

      {page.signedIn ? null : (
        <section aria-labelledby="join" className="mx-auto max-w-6xl px-4 py-14 text-center">
          <h2 id="join" className="text-2xl font-bold">
            {t("Your opinion is worth something")}
          </h2>
          <p className="mt-2 text-slate-700">{t("It takes a couple of minutes and costs nothing.")}</p>
          <Link to="/register" className="btn-primary mt-6">
            {t("Create your free account")}
          </Link>
        </section>
      )}
    </>
  );
}
