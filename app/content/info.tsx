import type { ContentSection } from "~/components/content-sections";
import { tr } from "~/i18n/mark";
import { PRODUCT_NAME } from "~/lib/product";

// About Us and About Paid Surveys. Titles, leads and headings are marked with tr() and translated
// where shown ({{product}} is the product's name); each body translates its own sentences.

const PRODUCT = { product: PRODUCT_NAME };

export const ABOUT_US = {
  title: tr("About Us"),
  lead: tr("{{product}} connects people in India who have something to say with the companies that want to hear it."),
  sections: [
    {
      id: "our-story",
      heading: tr("Our story"),
      body: (t) => (
        <>
          <p>
            {t(
              "Market research used to mean a clipboard at a shopping centre and a handful of people who happened to walk past. The opinions that shaped new products came from a small, easy-to-reach group, and everyone else went unheard.",
            )}
          </p>
          <p>
            {t(
              "We started {{product}} to change that. With a phone and a few spare minutes, anyone can now tell a brand what they think of its product, its price or its advertising, and be paid for their time in a way that suits them: PayPal, a bank transfer or UPI.",
              PRODUCT,
            )}
          </p>
        </>
      ),
    },
    {
      id: "who-we-are",
      heading: tr("Who we are"),
      body: (t) => (
        <>
          <p>
            {t(
              "We are a team of researchers and engineers based in India. We build the panel, look after our members and work with research agencies and companies who need reliable answers from real people.",
            )}
          </p>
          <p>
            {t(
              "Our promises to members are simple: joining is free, surveys are free to take, the rules are written down plainly, and rewards are paid as promised.",
            )}
          </p>
        </>
      ),
    },
    {
      id: "what-we-value",
      heading: tr("What we value"),
      body: (t) => (
        <ul>
          <li>
            <strong>{t("Honesty")}</strong>: {t("we show the reward and the expected time before every survey.")}
          </li>
          <li>
            <strong>{t("Privacy")}</strong>: {t("your answers are used for research, never to sell you anything.")}
          </li>
          <li>
            <strong>{t("Fairness")}</strong>: {t("one account per person, so rewards go to real opinions.")}
          </li>
        </ul>
      ),
    },
  ] satisfies ContentSection[],
};

export const ABOUT_SURVEY = {
  title: tr("About Paid Surveys"),
  lead: tr("What paid surveys are, how they work here, and why the answers of people like you matter."),
  sections: [
    {
      id: "paid-surveys",
      heading: tr("What are paid surveys?"),
      body: (t) => (
        <p>
          {t(
            "Companies pay research agencies to learn what their customers think before they launch a product, change a price or run an advertisement. A paid survey passes part of that budget to the people who answer: you give your honest opinion and receive a reward for your time.",
          )}
        </p>
      ),
    },
    {
      id: "surveys-here",
      heading: tr("Surveys at {{product}}"),
      body: (t) => (
        <>
          <p>
            {t(
              "After registering you complete short profile surveys. They tell us which studies you fit, so the invitations you receive are ones you are likely to qualify for.",
            )}
          </p>
          <p>
            {t(
              "Each survey starts with a few screening questions. If you fit the study you go straight on; if not, you are told at once and can try the next one.",
            )}
          </p>
        </>
      ),
    },
    {
      id: "your-opinion",
      heading: tr("Why your opinion matters"),
      body: (t) => (
        <p>
          {t(
            "The answers you give help decide which products reach the shops, how services are improved and which messages companies choose. There are no right or wrong answers: researchers need your real views, including the critical ones.",
          )}
        </p>
      ),
    },
    {
      id: "easy-to-use",
      heading: tr("Easy to use"),
      body: (t) => (
        <p>
          {t(
            "Surveys work on any phone, tablet or computer, even on a slow connection. Invitations arrive by e-mail and in your browser, and your dashboard shows the points and expected time of each survey before you start.",
          )}
        </p>
      ),
    },
    {
      id: "rewards",
      heading: tr("Rewards"),
      body: (t) => (
        <p>
          {t(
            "Completed surveys earn points that collect in your balance. When you pass the payout threshold for your country, withdraw them by PayPal, bank transfer or UPI to a payment account of your own; a PayPal account must use your sign-up e-mail address.",
          )}
        </p>
      ),
    },
    {
      id: "companies",
      heading: tr("For companies"),
      body: (t) => (
        <p>
          {t(
            "Researchers and companies run custom surveys with us and reach respondents by demographics and screening criteria. Your identity is never passed to them: they see answers, not names.",
          )}
        </p>
      ),
    },
  ] satisfies ContentSection[],
};
