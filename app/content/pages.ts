import type { MetaDescriptor } from "@remix-run/node";
import { PRODUCT_NAME } from "~/lib/product";
import { tr } from "~/i18n/mark";

// One list of the public pages: each route's title and description, and the sitemap, come from it,
// so a new page cannot be missing from one of them.
export interface PublicPage {
  path: string;
  title: string;
  description: string;
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
    title: `${PRODUCT_NAME}: paid online surveys`,
    description:
      "Answer market-research surveys, earn points and withdraw them by PayPal, bank transfer or UPI. Free to join.",
  },
  learnMore: {
    path: "/learn-more",
    title: `Learn More | ${PRODUCT_NAME}`,
    description: `How members earn with ${PRODUCT_NAME}: paid surveys, profile surveys, invitations and payouts by PayPal, bank transfer or UPI.`,
  },
  customSurveys: {
    path: "/custom-surveys",
    title: `Custom Surveys | ${PRODUCT_NAME}`,
    description:
      "Custom research for researchers and companies: reach respondents by demographics and screening criteria.",
  },
  scalability: {
    path: "/scalibility",
    title: `Scalability | ${PRODUCT_NAME}`,
    description: "From a short pilot to a large national study: how the panel grows with your research.",
  },
  registerMoreInfo: {
    path: "/register-more-info",
    title: `Before You Register | ${PRODUCT_NAME}`,
    description: `Who can join ${PRODUCT_NAME}, what you need to register and how your first reward reaches you.`,
  },
  aboutUs: {
    path: "/about-us",
    title: `About Us | ${PRODUCT_NAME}`,
    description: `The story of ${PRODUCT_NAME}, an Indian survey panel that pays members for their opinions.`,
  },
  aboutSurvey: {
    path: "/about-survey",
    title: `About Paid Surveys | ${PRODUCT_NAME}`,
    description: "What paid surveys are, how they work here, why your opinion matters and how rewards are paid.",
  },
  terms: {
    path: "/terms-and-conditions",
    title: `Terms and Conditions | ${PRODUCT_NAME}`,
    description: `The terms for members of ${PRODUCT_NAME}: eligibility, accounts, points, payouts and liability.`,
    lastModified: POLICIES_LAST_UPDATED.iso,
  },
  privacy: {
    path: "/privacy-policies",
    title: `Privacy Policy | ${PRODUCT_NAME}`,
    description: `What personal data ${PRODUCT_NAME} collects, why, who receives it and the rights you have.`,
    lastModified: POLICIES_LAST_UPDATED.iso,
  },
  cookies: {
    path: "/cookie-policies",
    title: `Cookie Policy | ${PRODUCT_NAME}`,
    description: `The few cookies ${PRODUCT_NAME} sets, what each one is for and how to control them.`,
    lastModified: POLICIES_LAST_UPDATED.iso,
  },
} satisfies Record<string, PublicPage>;

/** A public page's title, description and the sharing tags link previews read. */
export function pageMeta(page: PublicPage): MetaDescriptor[] {
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: PRODUCT_NAME },
  ];
}
