import { Link } from "@remix-run/react";
import { type ContentSection, slots, withElements } from "~/components/content-sections";
import { tr } from "~/i18n/mark";
import { AGE_RULE, PAYMENT_ACCOUNT_RULE } from "./member-rules";

// The four guest-only marketing pages. No figures are invented: the spec does not publish the
// minimum withdrawal, the payout threshold per country or the size of the panel. Titles, leads and
// headings are marked with tr() and translated where shown; each body translates its own sentences.

export const LEARN_MORE = {
  title: tr("Learn More"),
  lead: tr("How members earn with {{product}}, and why so many choose it over other panels."),
  sections: [
    {
      id: "earning-opportunities",
      heading: tr("Earning opportunities"),
      body: (t) => (
        <>
          <p>
            {t(
              "Every completed survey adds points to your balance. The points on offer and the expected length are shown before you begin, so you always know what a survey is worth to you.",
            )}
          </p>
          <ul>
            <li>
              <strong>{t("Paid surveys")}</strong>{" "}
              {t(
                "from brands, agencies and researchers on everyday topics: shopping, media, travel, technology, health and more.",
              )}
            </li>
            <li>
              <strong>{t("Profile surveys")}</strong>{" "}
              {t(
                "about you, your vehicles and machinery, entertainment, health and technology. They earn points once and unlock more paid surveys for months to come.",
              )}
            </li>
            <li>
              <strong>{t("Invitations where you are")}</strong>:{" "}
              {t("by e-mail, and in your browser whenever you open your dashboard.")}
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "why-choose-us",
      heading: tr("Why choose {{product}}"),
      body: (t) => (
        <ul>
          <li>{t("Free registration and an instant start: no fee, ever.")}</li>
          <li>{t("A low minimum withdrawal, so your first payout comes quickly.")}</li>
          <li>{t("Payouts by PayPal, bank transfer or UPI, the methods members in India already use.")}</li>
          <li>{t("Surveys matched to your profile, which means fewer screen-outs.")}</li>
          <li>
            {t("Clear rules that keep the panel fair: one account per person, and payment accounts of your own.")}
          </li>
        </ul>
      ),
    },
    {
      id: "getting-paid",
      heading: tr("Getting paid"),
      body: (t) => (
        <p>
          {t("When your balance passes the payout threshold for your country, request a withdrawal from your account.")}{" "}
          {t(PAYMENT_ACCOUNT_RULE)} {t("You can follow each withdrawal as it moves from pending payment to paid out.")}
        </p>
      ),
    },
  ] satisfies ContentSection[],
};

export const CUSTOM_SURVEYS = {
  title: tr("Custom Surveys"),
  lead: tr("Custom research for researchers and companies, answered by real, profiled people."),
  sections: [
    {
      id: "what-we-offer",
      heading: tr("What we offer"),
      body: (t) => (
        <p>
          {t(
            "Bring your questionnaire, or let us host it on our own survey platform. We invite the members who fit your study, collect their answers and deliver clean data, whether you need a quick concept test or a multi-wave tracker.",
          )}
        </p>
      ),
    },
    {
      id: "targeting",
      heading: tr("Targeting by demographics"),
      body: (t) => (
        <p>
          {t(
            "Members keep detailed profiles: age, gender, location down to state and city, education, occupation, household income, vehicles, media habits, health and technology. You choose the audience you need and only matching members are invited.",
          )}
        </p>
      ),
    },
    {
      id: "screening",
      heading: tr("Screening criteria"),
      body: (t) => (
        <p>
          {t(
            "Add screening questions of your own to reach people by what they do or buy: the owner of a particular car, a recent buyer of a category, a decision-maker at work. Respondents who do not qualify are screened out before your survey begins, so you pay only for the people you asked for.",
          )}
        </p>
      ),
    },
    {
      id: "quality",
      heading: tr("Data quality"),
      body: (t) => (
        <p>
          {t(
            "Each member holds one account, confirmed by e-mail, and gives true and current information under our terms. Fraud, bots and duplicate accounts are removed from the panel, and members who break the rules lose their rewards.",
          )}
        </p>
      ),
    },
  ] satisfies ContentSection[],
};

export const SCALABILITY = {
  title: tr("Scalability"),
  lead: tr("A panel that grows with your research, from a short pilot to a national study."),
  sections: [
    {
      id: "any-size",
      heading: tr("Studies of any size"),
      body: (t) => (
        <p>
          {t(
            "Start with a small pilot to test your questionnaire, then widen the same study to more regions and more respondents without changing tools. Quotas by age, gender and region keep a large sample balanced.",
          )}
        </p>
      ),
    },
    {
      id: "fast-fieldwork",
      heading: tr("Fast fieldwork"),
      body: (t) => (
        <p>
          {t(
            "Invitations go out by e-mail and appear in members' browsers at once, and profiled members qualify without long screeners, so answers start arriving soon after launch.",
          )}
        </p>
      ),
    },
    {
      id: "built-to-grow",
      heading: tr("Built to grow"),
      body: (t) => (
        <p>
          {t(
            "The platform runs as several identical servers in front of one database, so we add capacity when a large study goes live instead of making respondents wait. Pages are light and work on slow mobile connections and older phones, which keeps every part of the country within reach.",
          )}
        </p>
      ),
    },
  ] satisfies ContentSection[],
};

export const REGISTER_MORE_INFO = {
  title: tr("Before You Register"),
  lead: tr("Who can join, what you need and what happens after you sign up."),
  sections: [
    {
      id: "who-can-join",
      heading: tr("Who can join"),
      body: (t) => <p>{t(AGE_RULE)}</p>,
    },
    {
      id: "what-you-need",
      heading: tr("What you need"),
      body: (t) => (
        <ul>
          <li>{t("An e-mail address of your own, which you confirm after registering (or a Google account).")}</li>
          <li>
            {t(
              "A few minutes to give your name, date of birth, gender and where you live. Your details must be true and current.",
            )}
          </li>
          <li>
            {t("For payouts: a PayPal, bank or UPI account.")} {t(PAYMENT_ACCOUNT_RULE)}
          </li>
        </ul>
      ),
    },
    {
      id: "rules",
      heading: tr("The rules in brief"),
      body: (t) => (
        <ul>
          <li>{t("One account per person, and one payment account of each kind per member.")}</li>
          <li>{t("No fraud, no bots and no claiming a bonus more than once per household or IP address.")}</li>
          <li>{t("After 6 months without activity an account is set inactive and its points are reset to zero.")}</li>
        </ul>
      ),
    },
    {
      id: "after-you-join",
      heading: tr("After you join"),
      body: (t) => {
        const links = {
          terms: <Link to="/terms-and-conditions">{t("Terms and Conditions")}</Link>,
          privacy: <Link to="/privacy-policies">{t("Privacy Policy")}</Link>,
        };
        return (
          <p>
            {withElements(
              t(
                "Confirm your e-mail, complete your profile surveys and look out for invitations. The full rules are in our {{terms}} and {{privacy}}.",
                slots(links),
              ),
              links,
            )}
          </p>
        );
      },
    },
  ] satisfies ContentSection[],
};
