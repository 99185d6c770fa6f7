import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A form opened by the URL (e.g. ?assign=12), so that it works without JavaScript: the server
 * renders it as a section of the page; once hydrated it shows in a modal <dialog>. Closing (the
 * Close link, or Escape with JavaScript) goes to `closeHref`, the same page without the form.
 */
export function UrlDialog({
  headingId,
  title,
  closeHref,
  children,
}: {
  headingId: string;
  title: ReactNode;
  closeHref: string;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (hydrated && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [hydrated]);

  const body = (
    <div className="p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <Link to={closeHref} className="btn-secondary" preventScrollReset>
          Close
        </Link>
      </div>
      <div className="mt-3">{children}</div>
    </div>
  );
  if (!hydrated) {
    return (
      <section
        aria-labelledby={headingId}
        className="mt-6 max-w-2xl rounded-md border border-slate-300 bg-white shadow-sm"
      >
        {body}
      </section>
    );
  }
  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      // Escape closes the native dialog; the URL follows, so a reload does not open it again.
      onClose={() => navigate(closeHref, { preventScrollReset: true })}
      className="w-full max-w-2xl rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      {body}
    </dialog>
  );
}
