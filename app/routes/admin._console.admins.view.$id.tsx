import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { z } from "zod";
import { Field, FormErrors, InputField, SubmitButton, useClearedAfterSubmit, useForm } from "~/components/forms";
import { requireAdmin } from "~/domain/admin-auth.server";
import { resetTwoFactor } from "~/domain/admin-two-factor.server";
import {
  CONFIRMATION_REQUIRED,
  deleteAdmin,
  findAdmin,
  mayManageAdmins,
  setAdminPassword,
  setSuperAdmin,
} from "~/domain/admins.server";
import { ADMIN_PASSWORD_MIN_LENGTH } from "~/domain/passwords.server";
import { formResult, readFormData, readIntent, refuseForm } from "~/lib/forms.server";
import { formErrorsOf, resultFor, type FormResult } from "~/lib/form-result";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast, toastHeaders } from "~/lib/toast.server";
import { passwordText } from "~/lib/validation";
import { notFound, requireId } from "~/lib/http.server";

export const meta: MetaFunction = () => [{ title: `Admin Modify | ${PRODUCT_NAME}` }];

const DELETE_CONFIRM_TEXT = "This action will permanently delete this admin. It cannot be undone.";
// The spec: back to the admin table 2 seconds after a permanent delete.
const RETURN_AFTER_DELETE_MS = 2000;
const TABLE = "/admin/admins/view";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const target = await findAdmin(requireId(params));
  if (!target) throw notFound();
  const isSelf = target.id === admin.id;
  const mayManage = mayManageAdmins(admin);
  return {
    target: { id: target.id, name: target.name, email: target.email, isSuperAdmin: target.isSuperAdmin },
    isSelf,
    minimumLength: ADMIN_PASSWORD_MIN_LENGTH,
    mayUpdatePassword: isSelf || mayManage,
    mayDelete: mayManage && !isSelf,
    // Super-admin rights and a two-factor reset are for super-admins, on other admins (decision 037).
    mayChangeSuperAdmin: mayManage && !isSelf,
    mayResetTwoFactor: mayManage && !isSelf && target.totpEnabledAt !== null,
  };
}

// The spec's wording; the schema also runs in the browser, so it cannot come from a .server module.
const PASSWORD_MISMATCH = "Password do not match";

// The spec's payload names for a password update: password, password_confirmed; one's own
// password also needs current_password (checked on the server: a super-admin setting another
// admin's password leaves it out).
const passwordUpdateSchema = z
  .object({
    current_password: z.string().max(200).optional(),
    password: passwordText({ required: "The password field is required." }),
    password_confirmed: passwordText({ required: "The password confirmation field is required." }),
  })
  .superRefine((value, context) => {
    if (value.password !== "" && value.password_confirmed !== "" && value.password !== value.password_confirmed) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["password_confirmed"], message: PASSWORD_MISMATCH });
    }
  });

const PASSWORD_FIELDS = ["current_password", "password", "password_confirmed"];

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin, sessionId } = await requireAdmin(request);
  const targetId = requireId(params);
  const formData = await readFormData(request);
  const intent = readIntent(formData, ["super-admin", "reset-two-factor", "delete", "update-password"]);
  if (intent === "super-admin" || intent === "reset-two-factor") {
    if (formData.get("confirmed") !== "on") {
      return refuseForm(CONFIRMATION_REQUIRED, { form: "access" });
    }
    const result =
      intent === "super-admin"
        ? await setSuperAdmin(admin, targetId, formData.get("superAdmin") === "on")
        : await resetTwoFactor(admin, targetId);
    return redirectWithToast(`${TABLE}/${targetId}`, {
      type: result.ok ? "success" : "error",
      message: result.message,
    });
  }
  if (intent === "delete") {
    if (formData.get("confirmed") !== "on") {
      return refuseForm(CONFIRMATION_REQUIRED, { form: intent });
    }
    const result = await deleteAdmin(admin, targetId);
    if (!result.ok) return redirectWithToast(`${TABLE}/${targetId}`, { type: "error", message: result.message });
    // With JavaScript the page shows the toast and returns to the table itself 2 s later.
    if (formData.get("js") === "on") {
      return formResult(
        { status: "success" },
        { form: intent, headers: await toastHeaders({ type: "success", message: result.message }) },
      );
    }
    return redirectWithToast(TABLE, { type: "success", message: result.message });
  }
  const submission = parseWithZod(formData, { schema: passwordUpdateSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    return formResult(submission.reply({ hideFields: PASSWORD_FIELDS }), { form: intent });
  }
  const result = await setAdminPassword(admin, {
    targetId,
    password: submission.value.password,
    currentPassword: submission.value.current_password,
    currentSessionId: sessionId,
  });
  if (!result.ok) {
    const reply = submission.reply({
      hideFields: PASSWORD_FIELDS,
      ...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : { formErrors: [result.message] }),
    });
    return formResult(reply, { form: intent, status: result.fieldErrors ? 400 : 403 });
  }
  return redirectWithToast(`${TABLE}/${targetId}`, { type: "success", message: result.message });
}

// After a delete the admin is gone: reloading this page's data would end on the 404 page.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isDeleted(actionResult) ? false : defaultShouldRevalidate;

export default function AdminModify() {
  const { target, isSelf, minimumLength, mayUpdatePassword, mayDelete, mayChangeSuperAdmin, mayResetTwoFactor } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const passwordResult = resultFor(actionData, "update-password");
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "admin-password",
    lastResult: passwordResult,
    constraint: getZodConstraint(passwordUpdateSchema),
    shouldValidate: "onSubmit",
  });
  useClearedAfterSubmit(passwordResult, fields.password.id);
  useClearedAfterSubmit(passwordResult, fields.password_confirmed.id);
  const deleted = isDeleted(actionData);
  const accessError = formErrorsOf(resultFor(actionData, "access"))?.[0];
  const deleteError = formErrorsOf(resultFor(actionData, "delete"))?.[0];

  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => navigate(TABLE), RETURN_AFTER_DELETE_MS);
    return () => clearTimeout(timer);
  }, [deleted, navigate]);

  return (
    <section aria-labelledby="admin-modify-heading" className="max-w-md">
      <Link to={TABLE} className="text-sm text-brand-600 underline">
        ← Back to Admin Details
      </Link>
      <h1 id="admin-modify-heading" className="mt-2 text-2xl font-semibold">
        Admin Modify
      </h1>
      {deleted ? (
        <p role="status" className="mt-4 rounded-md bg-slate-100 px-3 py-2 text-sm">
          Returning to the admin list…
        </p>
      ) : (
        <>
          <div className="mt-4 rounded-md border border-slate-200 bg-white p-4">
            <Field label="Name" inputProps={{ id: "admin-name", value: target.name || "N/A", readOnly: true }} />
            <Field label="Email" inputProps={{ id: "admin-email", value: target.email, readOnly: true }} />
          </div>
          {mayUpdatePassword ? (
            <Form
              method="post"
              {...getFormProps(form)}
              className="mt-4 rounded-md border border-slate-200 bg-white p-4"
            >
              <FormErrors id={form.errorId} errors={form.errors} />
              {isSelf ? (
                <InputField
                  label="Current Password"
                  field={fields.current_password}
                  type="password"
                  hideValue
                  required={true}
                  autoComplete="current-password"
                />
              ) : null}
              <InputField
                label="Password"
                field={fields.password}
                type="password"
                hideValue
                autoComplete="new-password"
                hint={`At least ${minimumLength} characters.`}
              />
              <InputField
                label="Confirm Password"
                field={fields.password_confirmed}
                type="password"
                hideValue
                autoComplete="new-password"
              />
              <SubmitButton pendingText="Updating…" name="intent" value="update-password">
                Update Password
              </SubmitButton>
            </Form>
          ) : null}
          {accessError ? (
            <p role="alert" className="mt-4 text-sm text-red-700">
              {accessError}
            </p>
          ) : null}
          {mayChangeSuperAdmin ? (
            <ConfirmedForm
              intent="super-admin"
              hidden={{ superAdmin: target.isSuperAdmin ? "off" : "on" }}
              statement={
                target.isSuperAdmin
                  ? `${target.email} is a super-admin: they can manage other admins.`
                  : `${target.email} is not a super-admin.`
              }
              confirmation={
                target.isSuperAdmin
                  ? "I confirm: take back this admin's super-admin rights."
                  : "I confirm: this admin may register, revoke and delete admins and reset their two-factor sign-in."
              }
              button={target.isSuperAdmin ? "Remove super-admin" : "Make super-admin"}
            />
          ) : null}
          {mayResetTwoFactor ? (
            <ConfirmedForm
              intent="reset-two-factor"
              statement={`${target.email} signs in with two-factor. Reset it if they lost their phone and their recovery codes.`}
              confirmation="I confirm: remove this admin's two-factor sign-in and recovery codes and sign them out everywhere."
              button="Reset two-factor"
            />
          ) : null}
          {mayDelete ? (
            <Form
              method="post"
              className="mt-4 rounded-md border border-red-200 bg-white p-4"
              onSubmit={(event) => {
                if (!window.confirm(DELETE_CONFIRM_TEXT)) event.preventDefault();
              }}
            >
              {deleteError ? (
                <p role="alert" className="mb-2 text-sm text-red-700">
                  {deleteError}
                </p>
              ) : null}
              {hydrated ? (
                <>
                  <input type="hidden" name="confirmed" value="on" />
                  <input type="hidden" name="js" value="on" />
                </>
              ) : (
                <label className="mb-2 flex items-start gap-2 text-sm text-slate-700">
                  <input type="checkbox" name="confirmed" value="on" required />I understand: {DELETE_CONFIRM_TEXT}
                </label>
              )}
              <SubmitButton
                pendingText="Deleting…"
                name="intent"
                value="delete"
                className="btn-secondary border-red-600 text-red-700"
              >
                Permanent Delete
              </SubmitButton>
            </Form>
          ) : null}
        </>
      )}
    </section>
  );
}

/** A change of an admin's access: a required checkbox is the confirmation, with or without JavaScript. */
function ConfirmedForm({
  intent,
  hidden = {},
  statement,
  confirmation,
  button,
}: {
  intent: string;
  hidden?: Record<string, string>;
  statement: string;
  confirmation: string;
  button: string;
}) {
  return (
    <Form method="post" className="mt-4 rounded-md border border-slate-200 bg-white p-4">
      <p className="mb-2 text-sm text-slate-700">{statement}</p>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="mb-2 flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" name="confirmed" value="on" required />
        {confirmation}
      </label>
      <SubmitButton pendingText="Saving…" name="intent" value={intent} className="btn-secondary">
        {button}
      </SubmitButton>
    </Form>
  );
}

function isDeleted(result: unknown): boolean {
  const answer = result as FormResult | undefined;
  return resultFor(answer, "delete")?.status === "success";
}
