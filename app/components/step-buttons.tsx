import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/forms";
import { tr } from "~/i18n/mark";

// Previous / Next / Submit of a form answered page by page through the server (the screener rules
// page, the pre-screener). Each is a submit button with an `intent`; Previous skips the browser's
// checks. Next or Submit comes first in the markup, so that Enter presses it rather than Previous.
// A profile questionnaire names its last button Save (`submitLabel`). The labels are English texts
// shown in the page's language (decision 074): a caller marks its own with tr().
export function StepButtons({
  page,
  last,
  submitLabel = tr("Submit"),
  submitPendingText = tr("Submitting…"),
}: {
  page: number;
  last: boolean;
  submitLabel?: string;
  submitPendingText?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-row-reverse flex-wrap justify-end gap-3">
      {last ? (
        <SubmitButton name="intent" value="submit" pendingText={t(submitPendingText)}>
          {t(submitLabel)}
        </SubmitButton>
      ) : (
        <SubmitButton name="intent" value="next" pendingText={t("Next…")}>
          {t("Next")}
        </SubmitButton>
      )}
      {page > 0 ? (
        <button type="submit" name="intent" value="previous" formNoValidate className="btn-secondary">
          {t("Previous")}
        </button>
      ) : null}
    </div>
  );
}
