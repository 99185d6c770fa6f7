import type { ContentSection } from "~/components/content-sections";
import { tr } from "~/i18n/mark";
import { PRODUCT_NAME } from "~/lib/product";

// Lists the cookies the app really sets: every cookie is named through cookieIdentity
// (app/lib/session-cookie.server.ts), and tests/unit/cookie-policy.test.ts fails when one of those
// names is missing from this table, so a new cookie cannot be forgotten here.

// The policy is English in every language (decision 074); the title, the lead and the summary of the
// main points are translated.
export const COOKIES_LEAD = tr(
  "{{product}} sets only a few cookies, all of them needed for the panel to work. We use no advertising or tracking cookies. Over a secure (https) connection their names start with __Host- or __Secure- instead of __, which tells your browser to send them only over that secure connection.",
);

/** The main points, for a member who reads another language; keep them in step with the sections. */
export const COOKIES_SUMMARY = [
  tr(
    "We set only the cookies the panel needs to work: to keep you signed in, to remember the language you chose, to keep the first step of your registration for a day, to recognise a browser that several accounts use (against fraud), to carry a one-time message to the next page and to protect a Google sign-in.",
  ),
  tr("We use no advertising, analytics or tracking cookies."),
  tr("If you block our cookies you cannot sign in; the public pages still work."),
  tr("Questions? Write to {{email}}."),
];

/** Every cookie the app sets, by its name on plain http (cookieIdentity's `__` + its base name). */
export const COOKIES: { name: string; purpose: string; lasts: string; essential: string }[] = [
  {
    name: "__member",
    purpose: "Keeps you signed in as a member. It holds a random session id, nothing else.",
    lasts: "Until you close the browser, or 7 days if you tick Remember me",
    essential: "Yes",
  },
  {
    name: "__admin",
    purpose: "Keeps a panel administrator signed in to the back office.",
    lasts: "Until the browser is closed",
    essential: "Yes",
  },
  {
    name: "__toast",
    purpose: "Carries a one-time message, such as “Password changed”, to the next page.",
    lasts: "Until the message is shown",
    essential: "Yes",
  },
  {
    name: "__google_oauth",
    purpose: "Protects a Google sign-in while it is in progress.",
    lasts: "Up to 10 minutes",
    essential: "Yes",
  },
  {
    name: "__lng",
    purpose:
      "Remembers the language you chose (English or Hindi). It is set when you choose a language, or when you sign in after choosing one in your profile.",
    lasts: "1 year",
    essential: "Yes: it keeps the language you asked for",
  },
  {
    name: "__registration",
    purpose:
      "Keeps the first step of your registration (your name, your e-mail address and your password in a scrambled form, saved on our server) so that the second step survives a reload. It holds a random id, never your password.",
    lasts: "24 hours, or until you finish registering",
    essential: "Yes",
  },
  {
    name: "__device",
    purpose:
      "Recognises this browser when you register or sign in, so that we notice when several accounts share one browser (a sign of fraud). It holds a random id; we store it only in a scrambled (hashed) form.",
    lasts: "2 years",
    essential: "Yes: it protects the panel and its members against fraud",
  },
];

export function cookieSections(supportEmail: string): ContentSection[] {
  return [
    {
      id: "what-are-cookies",
      heading: "1. What cookies are",
      body: (
        <p>
          Cookies are small text files that a website asks your browser to store and send back on later visits. They let
          a site remember, for example, that you are signed in.
        </p>
      ),
    },
    {
      id: "cookies-we-use",
      heading: "2. The cookies we use",
      body: (
        <>
          <p>All of our cookies are strictly necessary and are set by {PRODUCT_NAME} itself:</p>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-4">
                    Cookie
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Purpose
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    How long it lasts
                  </th>
                  <th scope="col" className="py-2">
                    Essential
                  </th>
                </tr>
              </thead>
              <tbody>
                {COOKIES.map((cookie) => (
                  <tr key={cookie.name} className="border-b border-slate-200 align-top">
                    <td className="py-2 pr-4 font-mono">{cookie.name}</td>
                    <td className="py-2 pr-4">{cookie.purpose}</td>
                    <td className="py-2 pr-4">{cookie.lasts}</td>
                    <td className="py-2">{cookie.essential}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ),
    },
    {
      id: "no-tracking",
      heading: "3. No advertising or tracking",
      body: (
        <p>
          We do not use analytics, advertising or social-media cookies, and we do not let other companies set cookies
          through our pages. Survey pages hosted by our clients may set their own cookies; their own policies apply to
          those.
        </p>
      ),
    },
    {
      id: "managing-cookies",
      heading: "4. Managing cookies",
      body: (
        <p>
          You can block or delete cookies in your browser's settings. If you block our cookies you will not be able to
          sign in, because signing in depends on them; the public pages still work.
        </p>
      ),
    },
    {
      id: "contact",
      heading: "5. Contact",
      body: (
        <p>
          Questions about cookies are welcome at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      ),
    },
  ];
}
