import { SubmitButton } from "~/components/forms";

// Previous / Next / Submit of a form answered page by page through the server (the screener rules
// page, the pre-screener). Each is a submit button with an `intent`; Previous skips the browser's
// checks. Next or Submit comes first in the markup, so that Enter presses it rather than Previous.
// A profile questionnaire names its last button Save (`submitLabel`).
export function StepButtons({
  page,
  last,
  submitLabel = "Submit",
  submitPendingText = "Submitting…",
}: {
  page: number;
  last: boolean;
  submitLabel?: string;
  submitPendingText?: string;
}) {
  return (
    <div className="flex flex-row-reverse flex-wrap justify-end gap-3">
      {last ? (
        <SubmitButton name="intent" value="submit" pendingText={submitPendingText}>
          {submitLabel}
        </SubmitButton>
      ) : (
        <SubmitButton name="intent" value="next" pendingText="Next…">
          Next
        </SubmitButton>
      )}
      {page > 0 ? (
        <button type="submit" name="intent" value="previous" formNoValidate className="btn-secondary">
          Previous
        </button>
      ) : null}
    </div>
  );
}
