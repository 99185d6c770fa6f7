import type { HeroSlide } from "~/components/hero-carousel";
import { tr } from "~/i18n/mark";
import { AGE_RULE, PAYMENT_ACCOUNT_RULE } from "./member-rules";

// Landing's words: English texts marked with tr(), translated where the page shows them. The claims
// are the spec's marketing claims only: free registration, instant start, a low minimum withdrawal
// (its amount is not published), PayPal, bank transfer and UPI.

export const HERO_SLIDES: HeroSlide[] = [
  {
    id: "slide-1",
    heading: tr("Get paid for your opinion"),
    text: tr(
      "Answer market-research surveys from home or on the move, earn points for every completed survey and turn them into money.",
    ),
    link: { to: "/register", label: tr("Join for free") },
    background: "bg-gradient-to-br from-brand-700 to-indigo-900",
  },
  {
    id: "slide-2",
    heading: tr("Withdraw by PayPal, bank transfer or UPI"),
    text: tr(
      "Choose the payout that suits you. The minimum withdrawal is kept low, so your first reward is never far away.",
    ),
    link: { to: "/learn-more", label: tr("How earning works") },
    background: "bg-gradient-to-br from-emerald-800 to-teal-900",
  },
  {
    id: "slide-3",
    heading: tr("Start in minutes"),
    text: tr(
      "Registration is free and takes a couple of minutes. Fill in your profile and the first survey invitations follow.",
    ),
    link: { to: "/register-more-info", label: tr("What you need to join") },
    background: "bg-gradient-to-br from-violet-800 to-fuchsia-900",
  },
];

export const HOW_IT_WORKS = [
  {
    heading: tr("Create your free account"),
    text: tr(
      "Register with your e-mail address or your Google account and confirm your e-mail. Joining costs nothing, now or later.",
    ),
  },
  {
    heading: tr("Complete your profile"),
    text: tr(
      "Short profile surveys about you, your household, your devices and your interests tell us which studies fit you, and earn points too.",
    ),
  },
  {
    heading: tr("Answer surveys"),
    text: tr(
      "Invitations reach you by e-mail and in your browser. A few screening questions check that a survey is right for you, then you share your views.",
    ),
  },
  {
    heading: tr("Withdraw your points"),
    text: tr("Once your balance passes the minimum for your country, withdraw it to your PayPal, bank or UPI account."),
  },
];

export const APART = [
  {
    heading: tr("Free to join"),
    text: tr("Registration is free and every survey is free to take. We never ask you to pay to earn."),
  },
  {
    heading: tr("Instant start"),
    text: tr("Your account works as soon as your e-mail is confirmed; profile surveys are ready straight away."),
  },
  {
    heading: tr("Low minimum withdrawal"),
    text: tr("A low payout threshold means you reach your first withdrawal quickly."),
  },
  { heading: tr("Three ways to get paid"), text: tr("PayPal, bank transfer or UPI: choose what you already use.") },
  {
    heading: tr("Surveys that fit you"),
    text: tr("Your profile answers match you with studies you qualify for, so you spend less time on screeners."),
  },
  {
    heading: tr("Fair for everyone"),
    text: tr("One account per person and checks against fraud keep rewards going to real members with real opinions."),
  },
];

// An answer is one or more sentences, each translated on its own ({{product}} is the product's name):
// the age and payment-account rules are shared sentences (member-rules.ts).
export const FAQ: { question: string; answer: string[] }[] = [
  {
    question: tr("What is {{product}}?"),
    answer: [
      tr(
        "{{product}} is an online survey panel based in India. Companies and researchers want to know what people think; members answer their surveys and earn points, which they withdraw as money.",
      ),
    ],
  },
  {
    question: tr("Does it cost anything to join?"),
    answer: [
      tr(
        "No. Registration is free and surveys are always free to take. You will never be asked to pay a fee to take part or to receive a reward.",
      ),
    ],
  },
  {
    question: tr("Who can become a member?"),
    answer: [AGE_RULE, tr("Each person may hold one account.")],
  },
  {
    question: tr("How do I receive survey invitations?"),
    answer: [
      tr(
        "Invitations arrive by e-mail and appear in your browser when you are signed in to your dashboard. Keep your profile up to date to receive more of them.",
      ),
    ],
  },
  {
    question: tr("Why was I screened out of a survey?"),
    answer: [
      tr(
        "Each study looks for particular people, for example a certain age group or owners of a certain product. A few screening questions at the start check whether you fit. Being screened out is normal and says nothing about the quality of your answers.",
      ),
    ],
  },
  {
    question: tr("How many points does a survey pay?"),
    answer: [
      tr(
        "Every invitation shows the points on offer and the expected time before you start, so you can decide whether to take part.",
      ),
    ],
  },
  {
    question: tr("How do I withdraw my points?"),
    answer: [
      tr(
        "When your balance reaches the minimum withdrawal for your country, request a withdrawal to PayPal, a bank account or UPI. Its status moves from pending payment to paid out once the payment is sent.",
      ),
    ],
  },
  {
    question: tr("Which payment accounts can I use?"),
    answer: [PAYMENT_ACCOUNT_RULE, tr("This protects your earnings from being redirected to someone else.")],
  },
  {
    question: tr("What happens if I stop taking surveys?"),
    answer: [
      tr(
        "Accounts with no activity for 6 months are set inactive and their points are reset to zero. Sign in and take a survey from time to time to keep your points.",
      ),
    ],
  },
  {
    question: tr("How do I close my account?"),
    answer: [
      tr(
        "You can ask for your account to be deleted at any time. Deletion is completed within 30 calendar days. Withdraw the points you want to keep before you ask.",
      ),
    ],
  },
];
