import { Link } from "@remix-run/react";
import type { ContentSection } from "~/components/content-sections";
import { PAYMENT_ACCOUNT_RULE } from "./member-rules";

// The member Help page. The spec does not show its content; it answers what members ask most:
// how surveys, screeners, points and withdrawals work, and how to reach support.

export function helpSections(supportEmail: string): ContentSection[] {
  return [
    {
      id: "surveys",
      heading: "Surveys",
      body: (
        <>
          <p>
            Your <Link to="/dashboard">HomePage</Link> lists the surveys available to you, each with its category, the
            points it pays and its expected time. Invitations also arrive by e-mail.
          </p>
          <p>
            No surveys yet? Check that your Country is filled in under <Link to="/details/user">My Detail</Link> and
            that you have submitted your profile surveys in <Link to="/details/profiledetails">Profile Details</Link>.
            They tell us which studies fit you.
          </p>
        </>
      ),
    },
    {
      id: "screeners",
      heading: "Screeners",
      body: (
        <p>
          Most surveys begin with a few screening questions that check whether you are in the group a study is looking
          for. If you qualify, the survey starts; if not, you are told at once and no points are lost. Answer screeners
          honestly: qualifying with false answers breaks our terms and the points are withdrawn.
        </p>
      ),
    },
    {
      id: "points",
      heading: "Points",
      body: (
        <>
          <p>
            Points are credited to your balance when a survey is completed and accepted. Profile surveys earn points
            once each. Your balance and every credit and debit are listed on the <Link to="/points">Points</Link> page
            and under <Link to="/activities">Activities</Link>.
          </p>
          <p>
            An account with no activity for 6 months is set inactive and its points are reset to zero, so take a survey
            from time to time.
          </p>
        </>
      ),
    },
    {
      id: "withdrawals",
      heading: "Withdrawals",
      body: (
        <>
          <p>
            When your balance passes the payout threshold for your country, request a withdrawal to PayPal, a bank
            account or UPI.
          </p>
          <ul>
            <li>{PAYMENT_ACCOUNT_RULE}</li>
            <li>
              A withdrawal shows <em>pending payment</em> until we send the money, then <em>paid out</em>. Your bank or
              provider may take a little longer to show it.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "account",
      heading: "Your account",
      body: (
        <p>
          Change your details under <Link to="/details/user">My Detail</Link> and your password under{" "}
          <Link to="/details/password">Password</Link>. To sign out everywhere, tick “Log Out of all Devices” before
          pressing Logout. If you ask us to delete your account, deletion is completed within 30 calendar days.
        </p>
      ),
    },
    {
      id: "contact-support",
      heading: "Contact support",
      body: (
        <>
          <p>
            Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> from the e-mail address you signed up with,
            and tell us the survey or withdrawal your question is about. We answer every message, usually within two
            working days.
          </p>
          <p>
            The rules of the panel are in our <Link to="/terms-and-conditions">Terms and Conditions</Link>,{" "}
            <Link to="/privacy-policies">Privacy Policy</Link> and <Link to="/cookie-policies">Cookie Policy</Link>.
          </p>
        </>
      ),
    },
  ];
}
