import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DataTable, CELL } from "~/components/data-table";
import { type FormEvent } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { z } from "zod";
import { requireAdmin } from "~/domain/admin-auth.server";
import { CONFIRMATION_REQUIRED, grantAdmin, listAdmins, mayManageAdmins, revokeAdmin } from "~/domain/admins.server";
import { readFormData, readIntent, refuseForm } from "~/lib/forms.server";
import { formErrorsOf } from "~/lib/form-result";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { MAX_ID } from "~/lib/ids";

export const meta: MetaFunction = () => [{ title: `Admin Details | ${PRODUCT_NAME}` }];

const CONFIRM_TEXT = {
  revoke: "This action will revoke admin rights from this admin",
  grant: "This action will grant admin rights for this admin",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const admins = await listAdmins();
  return {
    admins: admins.map((row) => ({ ...row, revoked: row.revokedAt !== null })),
    selfId: admin.id,
    mayManage: mayManageAdmins(admin),
  };
}

const accessChange = z.object({
  intent: z.enum(["revoke", "grant"]),
  id: z.coerce.number().int().positive().max(MAX_ID),
  // Without JavaScript the confirmation is a required checkbox; with it, the confirm step sets it.
  confirmed: z.literal("on", { errorMap: () => ({ message: CONFIRMATION_REQUIRED }) }),
});

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const formData = await readFormData(request);
  readIntent(formData, ["revoke", "grant"]);
  const parsed = accessChange.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const confirmationMissing = parsed.error.issues.some((issue) => issue.path[0] === "confirmed");
    const message = confirmationMissing ? CONFIRMATION_REQUIRED : "The request is not valid.";
    return refuseForm(message);
  }
  const { intent, id } = parsed.data;
  const result = intent === "revoke" ? await revokeAdmin(admin, id) : await grantAdmin(admin, id);
  return redirectWithToast("/admin/admins/view", { type: result.ok ? "success" : "error", message: result.message });
}

export default function AdminDetails() {
  const { admins, selfId, mayManage } = useLoaderData<typeof loader>();
  const refusal = formErrorsOf(useActionData<typeof action>())?.[0];
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="admin-table-heading">
      <h1 id="admin-table-heading" className="text-2xl font-semibold">
        Admin Details
      </h1>
      {refusal ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <DataTable headings={["#", "User ID", "Name", "Email", "Edit", "Access"]} className="mt-4">
        {admins.map((row, index) => {
          const intent = row.revoked ? "grant" : "revoke";
          return (
            <tr key={row.id} className="border-t border-slate-200 align-top">
              <td className={CELL}>{index + 1}</td>
              <td className={CELL}>{row.id}</td>
              <td className={CELL}>{row.name || "N/A"}</td>
              <td className={CELL}>{row.email}</td>
              <td className={CELL}>
                <Link to={`/admin/admins/view/${row.id}`} className="text-brand-600 underline">
                  Edit
                </Link>
              </td>
              <td className={CELL}>
                {row.id === selfId || !mayManage ? (
                  // Only super-admins change access, and nobody their own.
                  <span className="text-slate-500">
                    {row.id === selfId ? "You" : row.revoked ? "Revoked" : "Active"}
                  </span>
                ) : (
                  <Form method="post" onSubmit={(event) => confirmOrCancel(event, CONFIRM_TEXT[intent])}>
                    <input type="hidden" name="id" value={row.id} />
                    {hydrated ? (
                      <input type="hidden" name="confirmed" value="on" />
                    ) : (
                      <label className="mb-1 flex items-start gap-2 text-xs text-slate-700">
                        <input type="checkbox" name="confirmed" value="on" required />I understand:{" "}
                        {CONFIRM_TEXT[intent]}
                      </label>
                    )}
                    <button
                      type="submit"
                      name="intent"
                      value={intent}
                      className={row.revoked ? "btn-primary" : "btn-secondary"}
                      aria-label={`${row.revoked ? "Grant" : "Revoke"} ${row.email}`}
                    >
                      {row.revoked ? "Grant" : "Revoke"}
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}

function confirmOrCancel(event: FormEvent<HTMLFormElement>, text: string) {
  if (!window.confirm(text)) event.preventDefault();
}
