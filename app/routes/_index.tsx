import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [
  { title: `${PRODUCT_NAME}: paid online surveys` },
  {
    name: "description",
    content: "Answer market-research surveys, earn points and withdraw them by PayPal, bank transfer or UPI.",
  },
];

export default function Landing() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold sm:text-4xl">{PRODUCT_NAME}</h1>
      <p className="mt-4 text-lg text-slate-700">
        Register for free, answer market-research surveys and earn points. Withdraw your points as
        money by PayPal, bank transfer or UPI.
      </p>
      <p className="mt-8 flex flex-wrap gap-3">
        <Link to="/login" className="btn-primary">
          Login
        </Link>
        <Link to="/register" className="btn-secondary">
          Sign Up
        </Link>
      </p>
    </main>
  );
}
