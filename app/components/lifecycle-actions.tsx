import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { LIFECYCLE_NOUNS, lifecyclePath, type LifecycleKind } from "~/domain/lifecycle";

// The lifecycle bar of a survey, screener or profile survey set page (decision 056): its state and
// the buttons that change it. Clone, reopen and unarchive post at once; close and archive lead to a
// confirmation page, so they ask before they act with JavaScript on or off.

export function LifecycleBadges({ closed, archived }: { closed: boolean; archived: boolean }) {
  return (
    <>
      {closed ? <span className="rounded-full bg-amber-100 px-3 py-1 text-sm text-amber-900">Closed</span> : null}
      {archived ? <span className="rounded-full bg-slate-200 px-3 py-1 text-sm text-slate-800">Archived</span> : null}
    </>
  );
}

export function LifecycleActions({
  kind,
  id,
  closed,
  archived,
}: {
  kind: LifecycleKind;
  id: number;
  closed: boolean;
  archived: boolean;
}) {
  const noun = LIFECYCLE_NOUNS[kind];
  const action = lifecyclePath(kind, id);
  return (
    <section aria-label={`Lifecycle of this ${noun}`} className="mt-3 flex flex-wrap items-center gap-2">
      <Form method="post" action={action}>
        <SubmitButton name="intent" value="clone" pendingText="Cloning…" className="btn-secondary">
          Clone
        </SubmitButton>
      </Form>
      {closed ? (
        <Form method="post" action={action}>
          <SubmitButton name="intent" value="reopen" pendingText="Reopening…" className="btn-secondary">
            Reopen
          </SubmitButton>
        </Form>
      ) : (
        <Link to={lifecyclePath(kind, id, "close")} className="btn-secondary">
          Close
        </Link>
      )}
      {archived ? (
        <Form method="post" action={action}>
          <SubmitButton name="intent" value="unarchive" pendingText="Unarchiving…" className="btn-secondary">
            Unarchive
          </SubmitButton>
        </Form>
      ) : (
        <Link to={lifecyclePath(kind, id, "archive")} className="btn-secondary">
          Archive
        </Link>
      )}
    </section>
  );
}

/** The "Show archived" filter of a list: a GET form, so it works without JavaScript. */
export function ShowArchivedFilter({ showArchived, what }: { showArchived: boolean; what: string }) {
  return showArchived ? (
    <Link to="?" className="text-sm text-brand-700 underline">
      Hide archived {what}
    </Link>
  ) : (
    <Link to="?archived=1" className="text-sm text-brand-700 underline">
      Show archived {what}
    </Link>
  );
}

/** Whether a list's address asks for archived things too (?archived=1). */
export function showArchivedParam(url: string): boolean {
  return new URL(url).searchParams.get("archived") === "1";
}
