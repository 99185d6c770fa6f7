import type { HeroSlide } from "~/components/hero-carousel";
import { PRODUCT_NAME } from "~/lib/product";
import { AGE_RULE, PAYMENT_ACCOUNT_RULE } from "./member-rules";

// Landing's words. The claims are the spec's marketing claims only: free registration, instant
// start, a low minimum withdrawal (its amount is not published), PayPal, bank transfer and UPI.

export const HERO_SLIDES: HeroSlide[] = [
  {
    id: "slide-1",
    heading: "Get paid for your opinion",
    text: "Answer market-research surveys from home or on the move, earn points for every completed survey and turn them into money.",
    link: { to: "/register", label: "Join for free" },
    background: "bg-gradient-to-br from-brand-700 to-indigo-900",
  },
  {
    id: "slide-2",
    heading: "Withdraw by PayPal, bank transfer or UPI",
    text: "Choose the payout that suits you. The minimum withdrawal is kept low, so your first reward is never far away.",
    link: { to: "/learn-more", label: "How earning works" },
    background: "bg-gradient-to-br from-emerald-800 to-teal-900",
  },
  {
    id: "slide-3",
    heading: "Start in minutes",
    text: "Registration is free and takes a couple of minutes. Fill in your profile and the first survey invitations follow.",
    link: { to: "/register-more-info", label: "What you need to join" },
    background: "bg-gradient-to-br from-violet-800 to-fuchsia-900",
  },
];

export const HOW_IT_WORKS = [
  {
    heading: "Create your free account",
    text: "Register with your e-mail address or your Google account and confirm your e-mail. Joining costs nothing, now or later.",
  },
  {
    heading: "Complete your profile",
    text: "Short profile surveys about you, your household, your devices and your interests tell us which studies fit you, and earn points too.",
  },
  {
    heading: "Answer surveys",
    text: "Invitations reach you by e-mail and in your browser. A few screening questions check that a survey is right for you, then you share your views.",
  },
  {
    heading: "Withdraw your points",
    text: "Once your balance passes the minimum for your country, withdraw it to your PayPal, bank or UPI account.",
  },
];

export const APART = [
  {
    heading: "Free to join",
    text: "Registration is free and every survey is free to take. We never ask you to pay to earn.",
  },
  {
    heading: "Instant start",
    text: "Your account works as soon as your e-mail is confirmed; profile surveys are ready straight away.",
  },
  { heading: "Low minimum withdrawal", text: "A low payout threshold means you reach your first withdrawal quickly." },
  { heading: "Three ways to get paid", text: "PayPal, bank transfer or UPI: choose what you already use." },
  {
    heading: "Surveys that fit you",
    text: "Your profile answers match you with studies you qualify for, so you spend less time on screeners.",
  },
  {
    heading: "Fair for everyone",
    text: "One account per person and checks against fraud keep rewards going to real members with real opinions.",
  },
];

export const FAQ = [
  {
    question: `What is ${PRODUCT_NAME}?`,
    answer: `${PRODUCT_NAME} is an online survey panel based in India. Companies and researchers want to know what people think; members answer their surveys and earn points, which they withdraw as money.`,
  },
  {
    question: "Does it cost anything to join?",
    answer:
      "No. Registration is free and surveys are always free to take. You will never be asked to pay a fee to take part or to receive a reward.",
  },
  {
    question: "Who can become a member?",
    answer: `${AGE_RULE} Each person may hold one account.`,
  },
  {
    question: "How do I receive survey invitations?",
    answer:
      "Invitations arrive by e-mail and appear in your browser when you are signed in to your dashboard. Keep your profile up to date to receive more of them.",
  },
  {
    question: "Why was I screened out of a survey?",
    answer:
      "Each study looks for particular people, for example a certain age group or owners of a certain product. A few screening questions at the start check whether you fit. Being screened out is normal and says nothing about the quality of your answers.",
  },
  {
    question: "How many points does a survey pay?",
    answer:
      "Every invitation shows the points on offer and the expected time before you start, so you can decide whether to take part.",
  },
  {
    question: "How do I withdraw my points?",
    answer:
      "When your balance reaches the minimum withdrawal for your country, request a withdrawal to PayPal, a bank account or UPI. Its status moves from pending payment to paid out once the payment is sent.",
  },
  {
    question: "Which payment accounts can I use?",
    answer: `${PAYMENT_ACCOUNT_RULE} This protects your earnings from being redirected to someone else.`,
  },
  {
    question: "What happens if I stop taking surveys?",
    answer:
      "Accounts with no activity for 6 months are set inactive and their points are reset to zero. Sign in and take a survey from time to time to keep your points.",
  },
  {
    question: "How do I close my account?",
    answer:
      "You can ask for your account to be deleted at any time. Deletion is completed within 30 calendar days. Withdraw the points you want to keep before you ask.",
  },
];
