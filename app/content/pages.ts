import type { MetaDescriptor } from "@remix-run/node";
import { tr } from "~/i18n/mark";
import { PRODUCT_NAME } from "~/lib/product";

// One list of the public pages: each route's title and description, and the sitemap, come from it,
// so a new page cannot be missing from one of them. Titles and descriptions are English texts marked
// with tr(), where {{product}} is the product's name; each page's loader translates them
// (app/content/pages.server.ts) for its meta.
export interface PageTexts {
  title: string;
  description: string;
}

export interface PublicPage extends PageTexts {
  path: string;
  /** When the page's text last changed, for the sitemap (policies carry their own date). */
  lastModified?: string;
}

/**
 * When the Terms, the Privacy Policy and the Cookie Policy last changed. A member agrees to the three
 * together (the terms' first section), so this date is also the version of the terms a member agrees
 * to: moving it asks every member to agree again (docs/decisions/067-age-payment-account-terms.md).
 */
export const POLICIES_LAST_UPDATED = { iso: "2026-11-26", text: "November 26, 2026" };

/** The version of the terms a member agrees to, recorded with the time of the agreement. */
export const TERMS_VERSION = POLICIES_LAST_UPDATED.iso;

/** What changed in this version, shown to members asked to agree again; rewrite it with the date. */
export const TERMS_CHANGES = [
  tr("Membership is for people aged 18 or over only, as registration has always checked."),
  tr(
    "You may keep one payment account of each kind (PayPal, UPI and bank); a PayPal account must use your sign-up e-mail address.",
  ),
];

export const PUBLIC_PAGES = {
  landing: {
    path: "/",
    title: tr("{{product}}: paid online surveys"),
    description: tr(
      "Answer market-research surveys, earn points and withdraw them by PayPal, bank transfer or UPI. Free to join.",
    ),
  },
  learnMore: {
    path: "/learn-more",
    title: tr("Learn More | {{product}}"),
    description: tr(
      "How members earn with {{product}}: paid surveys, profile surveys, invitations and payouts by PayPal, bank transfer or UPI.",
    ),
  },
  customSurveys: {
    path: "/custom-surveys",
    title: tr("Custom Surveys | {{product}}"),
    description: tr(
      "Custom research for researchers and companies: reach respondents by demographics and screening criteria.",
    ),
  },
  scalability: {
    path: "/scalibility",
    title: tr("Scalability | {{product}}"),
    description: tr("From a short pilot to a large national study: how the panel grows with your research."),
  },
  registerMoreInfo: {
    path: "/register-more-info",
    title: tr("Before You Register | {{product}}"),
    description: tr("Who can join {{product}}, what you need to register and how your first reward reaches you."),
  },
  aboutUs: {
    path: "/about-us",
    title: tr("About Us | {{product}}"),
    description: tr("The story of {{product}}, an Indian survey panel that pays members for their opinions."),
  },
  aboutSurvey: {
    path: "/about-survey",
    title: tr("About Paid Surveys | {{product}}"),
    description: tr("What paid surveys are, how they work here, why your opinion matters and how rewards are paid."),
  },
  terms: {
    path: "/terms-and-conditions",
    title: tr("Terms and Conditions | {{product}}"),
    description: tr("The terms for members of {{product}}: eligibility, accounts, points, payouts and liability."),
    lastModified: POLICIES_LAST_UPDATED.iso,
  },
  privacy: {
    path: "/privacy-policies",
    title: tr("Privacy Policy | {{product}}"),
    description: tr("What personal data {{product}} collects, why, who receives it and the rights you have."),
    lastModified: POLICIES_LAST_UPDATED.iso,
  },
  cookies: {
    path: "/cookie-policies",
    title: tr("Cookie Policy | {{product}}"),
    description: tr("The few cookies {{product}} sets, what each one is for and how to control them."),
    lastModified: POLICIES_LAST_UPDATED.iso,
  },
} satisfies Record<string, PublicPage>;

/**
 * A public page's title, description and the sharing tags link previews read, from its loader's
 * translated texts (the English ones, should a loader not have run).
 */
export function pageMeta(texts: PageTexts): MetaDescriptor[] {
  const page = { title: withProduct(texts.title), description: withProduct(texts.description) };
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: PRODUCT_NAME },
  ];
}

/** The English text with the product's name in place of {{product}} (what t() does in English). */
function withProduct(text: string): string {
  return text.replaceAll("{{product}}", PRODUCT_NAME);
}
