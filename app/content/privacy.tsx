import { Link } from "@remix-run/react";
import type { ContentSection } from "~/components/content-sections";
import { tr } from "~/i18n/mark";
import { PRODUCT_NAME } from "~/lib/product";

// The policy is English in every language (decision 074); the title, the lead and the summary of the
// main points are translated.
export const PRIVACY_LEAD = tr(
  "How {{product}} collects, uses and protects your personal data, and the choices you have.",
);

/** The main points, for a member who reads another language; keep them in step with the sections. */
export const PRIVACY_SUMMARY = [
  tr(
    "We keep your account and profile details, your survey answers, your points and withdrawals, and the payment account you ask us to pay.",
  ),
  tr(
    "Researchers receive your answers with profile characteristics such as age band and state, never your name or contact details. We do not sell your data.",
  ),
  tr(
    "We keep your data while your account is open. When you ask for your account to be deleted, deletion is completed within 30 calendar days; only the payment records the law requires are kept.",
  ),
  tr(
    "To find duplicate accounts and bots we compare browsers, payout accounts, phone numbers and registration addresses through keyed fingerprints, never the details themselves. Signals and appeals are kept while your account is open.",
  ),
  tr(
    "You may see, correct or erase your data. Most details can be corrected in My Detail; for anything else write to {{email}}, and we reply within 30 days.",
  ),
];

export function privacySections(supportEmail: string): ContentSection[] {
  return [
    {
      id: "who-we-are",
      heading: "1. Who we are",
      body: (
        <p>
          {PRODUCT_NAME} is an online survey panel operated by a company based in India. We decide how the personal data
          described here is used and are responsible for it under the laws of India, including the Digital Personal Data
          Protection Act, 2023.
        </p>
      ),
    },
    {
      id: "data-we-collect",
      heading: "2. The data we collect",
      body: (
        <ul>
          <li>
            <strong>Account data</strong>: your name, e-mail address and password (stored only as a one-way hash), or
            your Google account's name and e-mail if you sign in with Google.
          </li>
          <li>
            <strong>Profile data</strong>: date of birth, gender, country, state, city and PIN code, and your answers to
            profile surveys, such as education, occupation, household, vehicles, health and technology.
          </li>
          <li>
            <strong>Survey data</strong>: the answers you give in surveys and screening questions, and when you took
            part.
          </li>
          <li>
            <strong>Reward data</strong>: your points, withdrawals and the payment account (PayPal, bank or UPI details)
            you ask us to pay.
          </li>
          <li>
            <strong>Technical data</strong>: your IP address, browser type and the times you sign in, which we use to
            keep accounts secure and to detect fraud.
          </li>
        </ul>
      ),
    },
    {
      id: "how-we-use-it",
      heading: "3. How we use your data",
      body: (
        <ul>
          <li>to run your account and send you survey invitations that match your profile;</li>
          <li>to credit points and pay your rewards;</li>
          <li>
            to prevent fraud, such as duplicate accounts, bots or bonuses claimed more than once per household or IP
            address;
          </li>
          <li>
            to send you messages about your account, such as e-mail confirmation, password resets and changes to our
            terms;
          </li>
          <li>to produce research results for our clients, as described in section 4.</li>
        </ul>
      ),
    },
    {
      id: "sharing",
      heading: "4. Who receives your data",
      body: (
        <>
          <p>
            Our clients receive survey answers together with profile characteristics (for example age band and state),
            never your name, e-mail address or contact details, unless a survey asks for your explicit consent first. We
            do not sell your personal data.
          </p>
          <p>
            We share data with service providers only as far as they need it: payment providers to send your rewards,
            e-mail providers to deliver our messages and hosting providers to run the panel. Each is bound to use the
            data only on our instructions. We may disclose data where the law requires it.
          </p>
        </>
      ),
    },
    {
      id: "retention",
      heading: "5. How long we keep it",
      body: (
        <p>
          We keep your data while your account is open. An account with no activity for 6 months is set inactive. When
          you ask for your account to be deleted, deletion is completed within 30 calendar days; we keep only the
          records of payments that tax and accounting law require, for the period it requires.
        </p>
      ),
    },
    {
      id: "quality-checks",
      heading: "5A. Quality checks: what we store and for how long",
      body: (
        <>
          <p>
            To detect duplicate accounts, bots and careless answers (see section 4A of the Terms and Conditions) we
            compare browsers, payout accounts, phone numbers and registration addresses between accounts. We compare
            them through keyed fingerprints: a signal never stores the browser identifier, address, phone number or
            payout details themselves, only which accounts share them. Survey checks store the survey, how long you took
            against the usual length, and which check question was missed.
          </p>
          <p>
            Signals, an admin&apos;s decision on them, and your appeals with the replies are kept while your account is
            open, so that a decision can always be explained; they are deleted when your account is erased. The
            fingerprints used only for comparing are kept no longer than the comparison needs.
          </p>
        </>
      ),
    },
    {
      id: "security",
      heading: "6. Security",
      body: (
        <p>
          Passwords are stored as slow one-way hashes, connections are encrypted, and staff access to member data is
          limited to those who need it and is logged. You can sign out of every device at once from the member area.
        </p>
      ),
    },
    {
      id: "your-rights",
      heading: "7. Your rights",
      body: (
        <p>
          You may ask to see the personal data we hold about you, to correct it, to have it erased, and to withdraw a
          consent you gave. Most details can be corrected yourself in My Detail. For anything else, write to{" "}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>; we reply within 30 days.
        </p>
      ),
    },
    {
      id: "children",
      heading: "8. Children",
      body: (
        <p>
          The panel is not a service for children under 13, and we do not knowingly collect their personal data.
          Membership is only for people aged 18 or over (see our{" "}
          <Link to="/terms-and-conditions">Terms and Conditions</Link>). If you believe a child has given us personal
          data, contact us and we will delete it.
        </p>
      ),
    },
    {
      id: "cookies",
      heading: "9. Cookies",
      body: (
        <p>
          We use only the cookies the panel needs to work. They are described in our{" "}
          <Link to="/cookie-policies">Cookie Policy</Link>.
        </p>
      ),
    },
    {
      id: "changes",
      heading: "10. Changes to this policy",
      body: (
        <p>
          When this policy changes we update the date at the top of the page, and we tell members of important changes
          by e-mail.
        </p>
      ),
    },
    {
      id: "contact",
      heading: "11. Contact",
      body: (
        <p>
          Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with any question about your privacy.
        </p>
      ),
    },
  ];
}
