import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Field, FormErrors, SubmitButton, useClearedAfterSubmit, useForm } from "~/components/forms";
import { requireAdmin } from "~/domain/admin-auth.server";
import { mayManageAdmins, registerAdmin } from "~/domain/admins.server";
import { ADMIN_PASSWORD_MIN_LENGTH } from "~/domain/passwords.server";
import { readFormData } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { emailAddress, passwordText, plainText, withConfirmation } from "~/lib/validation";

export const meta: MetaFunction = () => [{ title: `Register a Admin | ${PRODUCT_NAME}` }];

// The spec's wording; the schema also runs in the browser, so it cannot come from a .server module.
const PASSWORD_MISMATCH = "Password do not match";
const PASSWORD_FIELDS = ["password", "password_confirmation"];

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  return { authorised: mayManageAdmins(admin), minimumLength: ADMIN_PASSWORD_MIN_LENGTH };
}

// The spec's payload names. A mismatch is reported on password, which also marks the confirmation.
const adminRegisterSchema = withConfirmation(
  z.object({
    name: plainText({ max: 100, required: "The name field is required." }),
    email: emailAddress({
      required: "The email field is required.",
      invalid: "The email must be a valid email address.",
    }),
    password: passwordText({ required: "The password field is required." }),
    password_confirmation: passwordText({ required: "The password confirmation field is required." }),
  }),
  { field: "password", confirmation: "password_confirmation", path: "password", message: PASSWORD_MISMATCH },
);

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const submission = parseWithZod(await readFormData(request), { schema: adminRegisterSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  }
  const { name, email, password } = submission.value;
  const result = await registerAdmin(admin, { name, email, password });
  if (!result.ok) {
    return data(
      submission.reply({
        hideFields: PASSWORD_FIELDS,
        ...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : { formErrors: [result.message] }),
      }),
      { status: result.fieldErrors ? 400 : 403 },
    );
  }
  return redirectWithToast("/admin/admins/view", { type: "success", message: result.message });
}

export default function AdminRegister() {
  const { authorised, minimumLength } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "admin-register",
    lastResult,
    constraint: getZodConstraint(adminRegisterSchema),
    shouldValidate: "onSubmit",
  });
  useClearedAfterSubmit(lastResult, fields.password.id);
  useClearedAfterSubmit(lastResult, fields.password_confirmation.id);
  const passwordErrors = starred(fields.password.errors);
  return (
    <section aria-labelledby="admin-register-heading" className="max-w-md">
      <h1 id="admin-register-heading" className="text-2xl font-semibold">
        Register a Admin
      </h1>
      <p
        data-testid="register-authority"
        className={`mt-2 rounded-md px-3 py-2 text-sm ${authorised ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900"}`}
      >
        You are {authorised ? "authorised" : "not authorised"} to create new account
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 rounded-md border border-slate-200 bg-white p-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          label="Name"
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
          errors={starred(fields.name.errors)}
        />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
          errors={starred(fields.email.errors)}
        />
        <Field
          label="Password"
          inputProps={{
            ...getInputProps(fields.password, { type: "password", value: false }),
            autoComplete: "new-password",
          }}
          errors={passwordErrors}
          hint={`At least ${minimumLength} characters.`}
        />
        <Field
          label="Confirm Password"
          inputProps={{
            ...getInputProps(fields.password_confirmation, { type: "password", value: false }),
            autoComplete: "new-password",
            // The spec: a password error marks the confirmation too (its border; the message stays once).
            ...(passwordErrors ? { className: "!border-red-600" } : {}),
          }}
          errors={starred(fields.password_confirmation.errors)}
        />
        {authorised ? (
          <SubmitButton pendingText="Registering…" className="btn-primary w-full">
            Register
          </SubmitButton>
        ) : (
          <button type="submit" className="btn-primary w-full" disabled>
            Register
          </button>
        )}
      </Form>
    </section>
  );
}

/** The spec shows a field's first server message with a '* ' prefix. */
function starred(errors: string[] | undefined) {
  const first = errors?.[0];
  return first ? [`* ${first}`] : undefined;
}
