import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ELEMENT, SECOND_ELEMENT, Sentence } from "~/components/sentence";

/**
 * The words of the terms box, on registration and on the page that asks again. The links open in a
 * new tab, so reading the terms never loses the form being filled in (with or without JavaScript).
 */
export function TermsAgreementLabel() {
  const { t } = useTranslation();
  return (
    <Sentence
      text={t("I have read and agree to the {{terms}} and the {{privacy}}, and I am 18 or over.", {
        terms: ELEMENT,
        privacy: SECOND_ELEMENT,
      })}
    >
      <Link to="/terms-and-conditions" target="_blank" rel="noopener" className="text-brand-600 underline">
        {t("Terms and Conditions")}
      </Link>
      <Link to="/privacy-policies" target="_blank" rel="noopener" className="text-brand-600 underline">
        {t("Privacy Policy")}
      </Link>
    </Sentence>
  );
}
