import { Link } from "@remix-run/react";

/**
 * The words of the terms box, on registration and on the page that asks again. The links open in a
 * new tab, so reading the terms never loses the form being filled in (with or without JavaScript).
 */
export function TermsAgreementLabel() {
  return (
    <>
      I have read and agree to the{" "}
      <Link to="/terms-and-conditions" target="_blank" rel="noopener" className="text-brand-600 underline">
        Terms and Conditions
      </Link>{" "}
      and the{" "}
      <Link to="/privacy-policies" target="_blank" rel="noopener" className="text-brand-600 underline">
        Privacy Policy
      </Link>
      , and I am 18 or over.
    </>
  );
}
