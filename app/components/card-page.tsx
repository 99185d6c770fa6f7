import type { ReactNode } from "react";

/** A narrow page holding one card with a heading: sign-in, reset and verification screens. */
export function CardPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {children}
      </section>
    </main>
  );
}
