import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SubmitButton } from "~/components/forms";

// The confirmation step before a large audience is saved (decision 049): the form's values come back
// as hidden fields with the count the admin saw, so confirming is one more post of the same form. It
// works without JavaScript (a page section) and with it (inside the assign dialog, focus on the heading).

export function AudienceConfirmation({
  count,
  hidden,
  intent,
  backHref,
}: {
  count: number;
  /** The posted form's values, posted again as they were. */
  hidden: [name: string, value: string][];
  /** The submit button's intent, when the form has several. */
  intent?: string;
  backHref: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const members = `${count.toLocaleString("en-US")} ${count === 1 ? "member" : "members"}`;
  return (
    <section aria-labelledby="audience-confirm-heading" className="rounded-md border border-amber-300 bg-amber-50 p-4">
      <h3 id="audience-confirm-heading" tabIndex={-1} className="text-lg font-semibold" ref={heading}>
        Confirm the audience
      </h3>
      <p className="mt-2 text-sm">
        This audience matches <strong data-testid="audience-count">{members}</strong> now. Assigning offers the survey
        to every one of them, and to members who match it later, until the audience is deleted.
      </p>
      <Form method="post" preventScrollReset className="mt-4 flex flex-wrap items-center gap-3">
        {hidden.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed_count" value={count} />
        <SubmitButton
          name={intent ? "intent" : undefined}
          value={intent}
          pendingText="Assigning…"
          className="btn-primary"
        >
          Assign to {members}
        </SubmitButton>
        <Link to={backHref} preventScrollReset className="text-brand-700 underline">
          Back to the form
        </Link>
      </Form>
    </section>
  );
}
