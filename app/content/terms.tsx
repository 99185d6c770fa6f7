import { Link } from "@remix-run/react";
import type { ContentSection } from "~/components/content-sections";
import { tr } from "~/i18n/mark";
import { PRODUCT_NAME } from "~/lib/product";

// The member terms. Every rule here is one the product enforces or the spec states; change the
// date in app/content/pages.ts when the text changes. The terms are English in every language
// (decision 074); the title, the lead and the summary of the main points are translated.

export const TERMS_LEAD = tr(
  "These terms govern your membership of {{product}}: who may join, how points are earned and paid, and what each of us may expect from the other.",
);

/** The main points, for a member who reads another language; keep them in step with the sections. */
export const TERMS_SUMMARY = [
  tr("By registering you agree to these terms, to the Privacy Policy and to the Cookie Policy."),
  tr("You must be 18 or over to become a member, and each person may hold one account only."),
  tr(
    "Give true and current details and honest answers. Fraud, bots and extra accounts lose their rewards, and the account may be closed.",
  ),
  tr(
    "We check automatically for duplicate accounts, bots and careless answers. A person at {{product}} looks at every signal before anything is decided, and you can appeal each decision once.",
  ),
  tr(
    "Points are paid by PayPal, bank transfer or UPI to a payment account of your own once your balance passes the minimum for your country.",
  ),
  tr("An account with no activity for 6 months is set inactive and its points are reset to zero."),
  tr("You may ask for your account to be deleted at any time; deletion is completed within 30 calendar days."),
  tr("Questions? Write to {{email}}."),
];

export function termsSections(supportEmail: string): ContentSection[] {
  return [
    {
      id: "acceptance",
      heading: "1. Accepting these terms",
      body: (
        <>
          <p>
            By registering for or using {PRODUCT_NAME} (“the panel”, “we”, “us”) you agree to these Terms and
            Conditions, to our <Link to="/privacy-policies">Privacy Policy</Link> and to our{" "}
            <Link to="/cookie-policies">Cookie Policy</Link>. If you do not agree, please do not register or use the
            panel.
          </p>
          <p>
            {PRODUCT_NAME} is operated by a company based in India. These terms apply to every member, wherever they
            take part from.
          </p>
        </>
      ),
    },
    {
      id: "eligibility",
      heading: "2. Who may become a member",
      body: (
        <>
          <p>
            The minimum age for membership is 18 years. A person under 18 may not register, not even with the help or
            permission of a parent or legal guardian.
          </p>
          <p>
            Each person may hold one account only. An account is personal: it may not be shared, sold, transferred or
            used on behalf of anyone else.
          </p>
        </>
      ),
    },
    {
      id: "your-information",
      heading: "3. True and current information",
      body: (
        <>
          <p>
            You must give true, accurate and current information when you register, when you complete your profile and
            when you answer surveys, and you must keep your details up to date. Survey invitations and rewards depend on
            this information; answers given carelessly or falsely harm the research our clients rely on.
          </p>
          <p>
            You are responsible for keeping your password secret and for everything done through your account. Tell us
            at once if you believe someone else has used it.
          </p>
        </>
      ),
    },
    {
      id: "fair-use",
      heading: "4. Fair use and fraud",
      body: (
        <>
          <p>You agree not to:</p>
          <ul>
            <li>
              commit or attempt any fraud, including giving false identities or inventing answers to qualify for
              surveys;
            </li>
            <li>use bots, scripts, automated tools or any other means to answer surveys or create accounts;</li>
            <li>
              open more than one account, or claim a sign-up or referral bonus more than once per household or per IP
              address;
            </li>
            <li>
              copy, disclose or publish the content of any survey you are shown, which is confidential to our clients.
            </li>
          </ul>
          <p>
            If we have reasonable grounds to believe that you have broken these rules we may reject the surveys
            concerned, withhold or cancel the points earned through them, and suspend or close your account.
          </p>
        </>
      ),
    },
    {
      id: "quality-checks",
      heading: "4A. Quality checks, holds and appeals",
      body: (
        <>
          <p>
            To keep rewards going to real members, we check automatically for signs of the things section 4 forbids: the
            same browser or payout account on several accounts, many accounts from one address in a short time, a survey
            finished much faster than other members finish it, a failed attention question, and the same answer chosen
            for every question of a page. Each check is a signal, not a verdict: a person at {PRODUCT_NAME} looks at it
            before anything is decided.
          </p>
          <p>
            When a check notices something, a withdrawal may be held for review before it is paid, a survey may end
            without a reward, or a reward may be taken back. Each of these appears in your Points History or Survey
            History with its reason in plain words. You can appeal each one once, with a short message, from that page;
            an admin replies to every appeal. If the appeal is granted the points come back (or the withdrawal goes on
            to payment), exactly once.
          </p>
        </>
      ),
    },
    {
      id: "points",
      heading: "5. Surveys and points",
      body: (
        <>
          <p>
            Surveys are free to take. Before each survey we show the points it pays and its expected length. Screening
            questions at the start decide whether you qualify; a member who does not qualify is screened out and earns
            no points for that survey unless the invitation says otherwise.
          </p>
          <p>
            Points are credited when a survey is completed and accepted. Points are a measure of the rewards you have
            earned on the panel; they have no cash value until withdrawn under section 6 and cannot be transferred to
            another member.
          </p>
        </>
      ),
    },
    {
      id: "payouts",
      heading: "6. Rewards and payouts",
      body: (
        <>
          <p>
            You may withdraw your points as money by PayPal, bank transfer or UPI once your balance reaches the payout
            threshold, which varies by country and is shown in your account.
          </p>
          <ul>
            <li>
              Each member may keep one payment account of each kind: one PayPal, one UPI and one bank account. A PayPal
              account must use the e-mail address you signed up with. We cannot pay to an account held in another
              person's name or e-mail.
            </li>
            <li>
              A withdrawal request starts with the status <em>pending payment</em>. Once we have sent the money its
              status changes to <em>paid out</em>. Payment providers may take further time to show the money in your
              account.
            </li>
          </ul>
          <p>
            We may hold a withdrawal while we check that it complies with these terms, and may refuse it if it does not.
          </p>
        </>
      ),
    },
    {
      id: "inactive-accounts",
      heading: "7. Inactive accounts",
      body: (
        <p>
          If you do not sign in or take part in any survey for 6 months, your account is set to inactive and the points
          in it are reset to zero. Points lost in this way cannot be restored. To keep your points, sign in and take
          part at least once in every 6-month period, or withdraw your balance before you stop.
        </p>
      ),
    },
    {
      id: "closing-your-account",
      heading: "8. Closing your account",
      body: (
        <>
          <p>
            You may ask us to delete your account at any time from your account page or by writing to{" "}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. Deletion is completed within 30 calendar days of your
            request. Please withdraw any points you wish to keep before you ask; points left in an account are lost when
            it is deleted.
          </p>
          <p>
            We may close an account that breaks these terms, with notice by e-mail where the law allows us to give it.
          </p>
        </>
      ),
    },
    {
      id: "liability",
      heading: "9. Limitation of liability",
      body: (
        <>
          <p>
            The panel is provided as it is and as available. We do not promise that a particular number of surveys will
            be offered to you or that the panel will always be free of interruptions.
          </p>
          <p>
            To the fullest extent permitted by law, our total liability to you for all claims arising from or connected
            with the panel or these terms is limited to 100 US dollars (or its equivalent in Indian rupees). Nothing in
            these terms limits liability that cannot be limited under the law of India.
          </p>
        </>
      ),
    },
    {
      id: "changes",
      heading: "10. Changes to these terms",
      body: (
        <p>
          We may update these terms from time to time. The date at the top of this page shows when they last changed,
          and we will tell members of important changes by e-mail before they take effect. If you keep using the panel
          after that, the updated terms apply.
        </p>
      ),
    },
    {
      id: "governing-law",
      heading: "11. Governing law",
      body: (
        <p>
          These terms are governed by the laws of India. Any dispute arising from them or from your membership is
          subject to the jurisdiction of the courts of India.
        </p>
      ),
    },
    {
      id: "contact",
      heading: "12. Contact",
      body: (
        <p>
          Questions about these terms are welcome at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      ),
    },
  ];
}
