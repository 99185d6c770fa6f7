import type { ReactNode } from "react";
import { Link } from "@remix-run/react";

/** A member's id or e-mail anywhere in the back office, as a link to their member page. */
export function MemberLink({ memberId, children }: { memberId: number | string; children: ReactNode }) {
  return (
    <Link to={`/admin/users/${memberId}`} className="text-brand-600 underline">
      {children}
    </Link>
  );
}
