import type { BrowserContext } from "@playwright/test";
import {
  checkbox,
  none,
  number,
  option,
  page as questionnairePage,
  questionnaire,
  radio,
  toggle,
} from "../../support/questionnaires";
import { createAssignedSurvey, createAssignmentFixture, createSurveyAssignment } from "./fixtures";

// Every page a member (or a visitor about to become one) can see, by the route file that renders it,
// for the tap-target test (tap-targets.spec.ts, decision 065). The admin back office (`admin*`
// route files) is out of scope. Every other file in app/routes/ is here or in NOT_MEMBER_PAGES, and
// the test fails when one is in neither: a new member page cannot be missed.

/**
 * Who looks at the page: a visitor, a verified member, a member whose e-mail is not verified yet, or
 * one who has not agreed to the current terms (decision 067).
 */
export type Visitor = "guest" | "member" | "unverified" | "unagreed";

/** What the test makes before it visits the pages that need data of their own. */
export interface PageData {
  /** A launched survey with a screener, assigned to the member. */
  screenedSurveyId: number;
  /** A hosted survey assigned to the member: its questionnaire's first page has every kind of choice. */
  hostedSlug: string;
  /** A survey the member has already completed: its start link shows a message. */
  takenSurveyId: number;
  /** A profile survey set offered in the member's country. */
  profileSetId: number;
  /** An assignment of the member ended by a quality check: the appeal page's event. */
  qualityTerminationId: number;
}

export interface MemberPage {
  visitor: Visitor;
  path: string | ((data: PageData) => string);
  /** Text the page shows when it is the page meant, not a message in its place. */
  shows?: string;
}

export const MEMBER_PAGES: Record<string, MemberPage> = {
  // Public pages, sign-in and registration.
  "$.tsx": { visitor: "guest", path: "/no-such-page" },
  "_public._index.tsx": { visitor: "guest", path: "/" },
  "_public.about-survey.tsx": { visitor: "guest", path: "/about-survey" },
  "_public.about-us.tsx": { visitor: "guest", path: "/about-us" },
  "_public.custom-surveys.tsx": { visitor: "guest", path: "/custom-surveys" },
  "_public.learn-more.tsx": { visitor: "guest", path: "/learn-more" },
  "_public.register-more-info.tsx": { visitor: "guest", path: "/register-more-info" },
  "_public.scalibility.tsx": { visitor: "guest", path: "/scalibility" },
  "terms-and-conditions.tsx": { visitor: "guest", path: "/terms-and-conditions" },
  "privacy-policies.tsx": { visitor: "guest", path: "/privacy-policies" },
  "cookie-policies.tsx": { visitor: "guest", path: "/cookie-policies" },
  "_guest.login.tsx": { visitor: "guest", path: "/login" },
  "_guest.register.tsx": { visitor: "guest", path: "/register" },
  "_guest.reset-password.tsx": { visitor: "guest", path: "/reset-password" },
  "_guest.resetpassword.$token.tsx": { visitor: "guest", path: "/resetpassword/not-a-real-token" },
  "email.verify.$id.$hash.tsx": { visitor: "guest", path: "/email/verify/1/not-a-real-hash" },
  "email.verify._index.tsx": { visitor: "unverified", path: "/email/verify" },
  // The member area.
  "_member.dashboard.tsx": { visitor: "member", path: "/dashboard" },
  "_member.survey.tsx": { visitor: "member", path: "/survey" },
  "_member.points.tsx": { visitor: "member", path: "/points", shows: "Pay into" },
  "_member.account._index.tsx": { visitor: "member", path: "/account" },
  "_member.account.delete.tsx": { visitor: "member", path: "/account/delete" },
  "_member.activities.surveyRecords.tsx": { visitor: "member", path: "/activities/surveyRecords" },
  "_member.activities.PointsRecords.tsx": { visitor: "member", path: "/activities/PointsRecords" },
  "_member.details.user.tsx": { visitor: "member", path: "/details/user" },
  "_member.details.password.tsx": { visitor: "member", path: "/details/password" },
  "_member.details.profiledetails._index.tsx": { visitor: "member", path: "/details/profiledetails" },
  "_member.details.profiledetails.$slug.tsx": {
    visitor: "member",
    path: "/details/profiledetails/technology",
    shows: "Where do you access the internet",
  },
  "_member.details.profiledetails.set.$id.tsx": {
    visitor: "member",
    path: (data) => `/details/profiledetails/set/${data.profileSetId}`,
    shows: "Do you play sport?",
  },
  "_member.help.tsx": { visitor: "member", path: "/help" },
  "_member.details.data._index.tsx": { visitor: "member", path: "/details/data", shows: "My data" },
  "terms.agree.tsx": { visitor: "unagreed", path: "/terms/agree" },
  "_member.activities.appeal.$event.tsx": {
    visitor: "member",
    path: (data) => `/activities/appeal/quality_termination-${data.qualityTerminationId}`,
    shows: "Send appeal",
  },
  // Questionnaires and survey taking.
  "prescreener.$survey.tsx": {
    visitor: "member",
    path: (data) => `/prescreener/${data.screenedSurveyId}`,
    shows: "Do you own a car?",
  },
  "view.survey.$slug.tsx": {
    visitor: "member",
    path: (data) => `/view/survey/${data.hostedSlug}`,
    shows: "Which pets?",
  },
  "survey.start.$id.tsx": {
    visitor: "member",
    path: (data) => `/survey/start/${data.takenSurveyId}`,
    shows: "You have already taken part in this survey.",
  },
  "surveys.redirect.tsx": { visitor: "member", path: "/surveys/redirect", shows: "This link is not valid" },
};

/** Route files that are no page of their own, and why. */
export const NOT_MEMBER_PAGES: Record<string, string> = {
  "_public.tsx": "layout: checked through every public page",
  "_guest.tsx": "layout: checked through sign-in, registration and password reset",
  "_member.tsx": "layout: checked through every member page, menu opened",
  "_member.details.tsx": "layout: checked through the MyDetails pages",
  "_member.activities.tsx": "layout: checked through the Activities pages",
  "_member.activities._index.tsx": "redirects to a tab",
  "_member.details._index.tsx": "redirects to a tab",
  "home.tsx": "redirects to the dashboard",
  "logout.tsx": "a form action, no page",
  "language.tsx": "the language form's action, no page",
  "auth.google.tsx": "redirects to Google",
  "auth.google.respond.tsx": "Google's answer, redirects",
  "api.surveys.$id.callback.tsx": "server-to-server endpoint",
  "_member.details.data[.]json.tsx": "a file download (the member's data as JSON)",
  "_member.details.data.csv.$table.tsx": "a file download (one table of the member's data as CSV)",
  "healthz.tsx": "health check",
  "readyz.tsx": "readiness check",
  "robots[.]txt.tsx": "text file",
  "sitemap[.]xml.tsx": "XML file",
};

/**
 * What the member pages with data of their own need, made for this member: `country` is the test's
 * own (the member's), so the profile set it offers reaches no other test's member.
 */
export async function memberPageData(context: BrowserContext, email: string, country: string): Promise<PageData> {
  const screened = await createAssignedSurvey(context, {
    name: "Tap screened survey",
    assignTo: email,
    screener: {
      definition: questionnaire("Tap screener", [
        questionnairePage("About you", [radio("owner", "Do you own a car?", [option("Yes"), option("No")])]),
      ]),
    },
  });
  const hosted = await createSurveyAssignment(context, {
    memberEmail: email,
    name: "Tap hosted survey",
    delivery: "hosted",
    definition: questionnaire("Tap hosted survey", [
      questionnairePage("Everything", [
        radio("tea", "Tea or coffee?", [option("Tea"), option("Coffee")]),
        checkbox("pets", "Which pets?", [option("Dog"), option("Cat"), none()]),
        toggle("news", "Send me news", { required: false }),
        number("age", "Your age"),
      ]),
    ]),
  });
  const taken = await createAssignedSurvey(context, { name: "Tap taken survey", assignTo: email, status: 3 });
  const terminated = await createAssignedSurvey(context, {
    name: "Tap terminated survey",
    assignTo: email,
    status: 6,
    outcome: "quality",
  });
  const { profileSurveyId } = await createAssignmentFixture(context, {
    country,
    surveyName: "Tap profile survey",
    profileSet: questionnaire("Tap profile", [
      questionnairePage("Habits", [
        radio("sport", "Do you play sport?", [option("Yes"), option("No")]),
        checkbox("drinks", "Drinks", [option("Water"), option("Juice")]),
      ]),
    ]),
  });
  return {
    screenedSurveyId: screened.surveyId,
    hostedSlug: hosted.slug,
    takenSurveyId: taken.surveyId,
    profileSetId: profileSurveyId,
    qualityTerminationId: terminated.assignmentId,
  };
}
