import { Link } from "@remix-run/react";
import { type ContentSection, slots, withElements } from "~/components/content-sections";
import { tr } from "~/i18n/mark";
import { PAYMENT_ACCOUNT_RULE } from "./member-rules";

// The member Help page. The spec does not show its content; it answers what members ask most:
// how surveys, screeners, points and withdrawals work, and how to reach support. Each sentence that
// holds a link is one text with the link as a {{placeholder}}; the link's label is the name the
// menu and the page itself use.

export function helpSections(supportEmail: string): ContentSection[] {
  return [
    {
      id: "surveys",
      heading: tr("Surveys"),
      body: (t) => {
        const home = { homePage: <Link to="/dashboard">{t("HomePage")}</Link> };
        const details = {
          myDetail: <Link to="/details/user">{t("My Detail")}</Link>,
          profileDetails: <Link to="/details/profiledetails">{t("Profile Details")}</Link>,
        };
        return (
          <>
            <p>
              {withElements(
                t(
                  "Your {{homePage}} lists the surveys available to you, each with its category, the points it pays and its expected time. Invitations also arrive by e-mail.",
                  slots(home),
                ),
                home,
              )}
            </p>
            <p>
              {withElements(
                t(
                  "No surveys yet? Check that your Country is filled in under {{myDetail}} and that you have submitted your profile surveys in {{profileDetails}}. They tell us which studies fit you.",
                  slots(details),
                ),
                details,
              )}
            </p>
          </>
        );
      },
    },
    {
      id: "screeners",
      heading: tr("Screeners"),
      body: (t) => (
        <p>
          {t(
            "Most surveys begin with a few screening questions that check whether you are in the group a study is looking for. If you qualify, the survey starts; if not, you are told at once and no points are lost. Answer screeners honestly: qualifying with false answers breaks our terms and the points are withdrawn.",
          )}
        </p>
      ),
    },
    {
      id: "points",
      heading: tr("Points"),
      body: (t) => {
        const pages = {
          pointsPage: <Link to="/points">{t("Points")}</Link>,
          activities: <Link to="/activities">{t("Activities")}</Link>,
        };
        return (
          <>
            <p>
              {withElements(
                t(
                  "Points are credited to your balance when a survey is completed and accepted. Profile surveys earn points once each. Your balance and every credit and debit are listed on the {{pointsPage}} page and under {{activities}}.",
                  slots(pages),
                ),
                pages,
              )}
            </p>
            <p>
              {t(
                "An account with no activity for 6 months is set inactive and its points are reset to zero, so take a survey from time to time.",
              )}
            </p>
          </>
        );
      },
    },
    {
      id: "withdrawals",
      heading: tr("Withdrawals"),
      body: (t) => {
        const statuses = { pending: <em>{t("pending payment")}</em>, paid: <em>{t("paid out")}</em> };
        return (
          <>
            <p>
              {t(
                "When your balance passes the payout threshold for your country, request a withdrawal to PayPal, a bank account or UPI.",
              )}
            </p>
            <ul>
              <li>{t(PAYMENT_ACCOUNT_RULE)}</li>
              <li>
                {withElements(
                  t(
                    "A withdrawal shows {{pending}} until we send the money, then {{paid}}. Your bank or provider may take a little longer to show it.",
                    slots(statuses),
                  ),
                  statuses,
                )}
              </li>
            </ul>
          </>
        );
      },
    },
    {
      id: "account",
      heading: tr("Your account"),
      body: (t) => {
        const pages = {
          myDetail: <Link to="/details/user">{t("My Detail")}</Link>,
          passwordPage: <Link to="/details/password">{t("Password")}</Link>,
          allDevices: t("Log Out of all Devices"),
          logout: t("Logout"),
        };
        return (
          <p>
            {withElements(
              t(
                "Change your details under {{myDetail}} and your password under {{passwordPage}}. To sign out everywhere, tick “{{allDevices}}” before pressing {{logout}}. If you ask us to delete your account, deletion is completed within 30 calendar days.",
                slots(pages),
              ),
              pages,
            )}
          </p>
        );
      },
    },
    {
      id: "contact-support",
      heading: tr("Contact support"),
      body: (t) => {
        const email = { email: <a href={`mailto:${supportEmail}`}>{supportEmail}</a> };
        const policies = {
          terms: <Link to="/terms-and-conditions">{t("Terms and Conditions")}</Link>,
          privacy: <Link to="/privacy-policies">{t("Privacy Policy")}</Link>,
          cookies: <Link to="/cookie-policies">{t("Cookie Policy")}</Link>,
        };
        return (
          <>
            <p>
              {withElements(
                t(
                  "Write to {{email}} from the e-mail address you signed up with, and tell us the survey or withdrawal your question is about. We answer every message, usually within two working days.",
                  slots(email),
                ),
                email,
              )}
            </p>
            <p>
              {withElements(
                t("The rules of the panel are in our {{terms}}, {{privacy}} and {{cookies}}.", slots(policies)),
                policies,
              )}
            </p>
          </>
        );
      },
    },
  ];
}
