import { Link } from "@remix-run/react";
import type { ContentSection } from "~/components/content-sections";
import { PRODUCT_NAME } from "~/lib/product";
import { AGE_RULE, PAYMENT_ACCOUNT_RULE } from "./member-rules";

// The four guest-only marketing pages. No figures are invented: the spec does not publish the
// minimum withdrawal, the payout threshold per country or the size of the panel.

export const LEARN_MORE = {
  title: "Learn More",
  lead: `How members earn with ${PRODUCT_NAME}, and why so many choose it over other panels.`,
  sections: [
    {
      id: "earning-opportunities",
      heading: "Earning opportunities",
      body: (
        <>
          <p>
            Every completed survey adds points to your balance. The points on offer and the expected length are shown
            before you begin, so you always know what a survey is worth to you.
          </p>
          <ul>
            <li>
              <strong>Paid surveys</strong> from brands, agencies and researchers on everyday topics: shopping, media,
              travel, technology, health and more.
            </li>
            <li>
              <strong>Profile surveys</strong> about you, your vehicles and machinery, entertainment, health and
              technology. They earn points once and unlock more paid surveys for months to come.
            </li>
            <li>
              <strong>Invitations where you are</strong>: by e-mail, and in your browser whenever you open your
              dashboard.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "why-choose-us",
      heading: `Why choose ${PRODUCT_NAME}`,
      body: (
        <ul>
          <li>Free registration and an instant start: no fee, ever.</li>
          <li>A low minimum withdrawal, so your first payout comes quickly.</li>
          <li>Payouts by PayPal, bank transfer or UPI, the methods members in India already use.</li>
          <li>Surveys matched to your profile, which means fewer screen-outs.</li>
          <li>Clear rules that keep the panel fair: one account per person, and payment accounts of your own.</li>
        </ul>
      ),
    },
    {
      id: "getting-paid",
      heading: "Getting paid",
      body: (
        <p>
          When your balance passes the payout threshold for your country, request a withdrawal from your account.
          {PAYMENT_ACCOUNT_RULE} You can follow each withdrawal as it moves from pending payment to paid out.
        </p>
      ),
    },
  ] satisfies ContentSection[],
};

export const CUSTOM_SURVEYS = {
  title: "Custom Surveys",
  lead: "Custom research for researchers and companies, answered by real, profiled people.",
  sections: [
    {
      id: "what-we-offer",
      heading: "What we offer",
      body: (
        <p>
          Bring your questionnaire, or let us host it on our own survey platform. We invite the members who fit your
          study, collect their answers and deliver clean data, whether you need a quick concept test or a multi-wave
          tracker.
        </p>
      ),
    },
    {
      id: "targeting",
      heading: "Targeting by demographics",
      body: (
        <p>
          Members keep detailed profiles: age, gender, location down to state and city, education, occupation, household
          income, vehicles, media habits, health and technology. You choose the audience you need and only matching
          members are invited.
        </p>
      ),
    },
    {
      id: "screening",
      heading: "Screening criteria",
      body: (
        <p>
          Add screening questions of your own to reach people by what they do or buy: the owner of a particular car, a
          recent buyer of a category, a decision-maker at work. Respondents who do not qualify are screened out before
          your survey begins, so you pay only for the people you asked for.
        </p>
      ),
    },
    {
      id: "quality",
      heading: "Data quality",
      body: (
        <p>
          Each member holds one account, confirmed by e-mail, and gives true and current information under our terms.
          Fraud, bots and duplicate accounts are removed from the panel, and members who break the rules lose their
          rewards.
        </p>
      ),
    },
  ] satisfies ContentSection[],
};

export const SCALABILITY = {
  title: "Scalability",
  lead: "A panel that grows with your research, from a short pilot to a national study.",
  sections: [
    {
      id: "any-size",
      heading: "Studies of any size",
      body: (
        <p>
          Start with a small pilot to test your questionnaire, then widen the same study to more regions and more
          respondents without changing tools. Quotas by age, gender and region keep a large sample balanced.
        </p>
      ),
    },
    {
      id: "fast-fieldwork",
      heading: "Fast fieldwork",
      body: (
        <p>
          Invitations go out by e-mail and appear in members' browsers at once, and profiled members qualify without
          long screeners, so answers start arriving soon after launch.
        </p>
      ),
    },
    {
      id: "built-to-grow",
      heading: "Built to grow",
      body: (
        <p>
          The platform runs as several identical servers in front of one database, so we add capacity when a large study
          goes live instead of making respondents wait. Pages are light and work on slow mobile connections and older
          phones, which keeps every part of the country within reach.
        </p>
      ),
    },
  ] satisfies ContentSection[],
};

export const REGISTER_MORE_INFO = {
  title: "Before You Register",
  lead: "Who can join, what you need and what happens after you sign up.",
  sections: [
    {
      id: "who-can-join",
      heading: "Who can join",
      body: <p>{AGE_RULE}</p>,
    },
    {
      id: "what-you-need",
      heading: "What you need",
      body: (
        <ul>
          <li>An e-mail address of your own, which you confirm after registering (or a Google account).</li>
          <li>
            A few minutes to give your name, date of birth, gender and where you live. Your details must be true and
            current.
          </li>
          <li>For payouts: a PayPal, bank or UPI account. {PAYMENT_ACCOUNT_RULE}</li>
        </ul>
      ),
    },
    {
      id: "rules",
      heading: "The rules in brief",
      body: (
        <ul>
          <li>One account per person, and one payment account of each kind per member.</li>
          <li>No fraud, no bots and no claiming a bonus more than once per household or IP address.</li>
          <li>After 6 months without activity an account is set inactive and its points are reset to zero.</li>
        </ul>
      ),
    },
    {
      id: "after-you-join",
      heading: "After you join",
      body: (
        <p>
          Confirm your e-mail, complete your profile surveys and look out for invitations. The full rules are in our{" "}
          <Link to="/terms-and-conditions">Terms and Conditions</Link> and{" "}
          <Link to="/privacy-policies">Privacy Policy</Link>.
        </p>
      ),
    },
  ] satisfies ContentSection[],
};
