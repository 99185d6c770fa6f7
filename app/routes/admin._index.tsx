import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { z } from "zod";
import { CardPage } from "~/components/card-page";
import { FormErrors, InputField, SubmitButton, useClearedAfterSubmit, useForm } from "~/components/forms";
import { getAdminSession, startAdminSession } from "~/domain/admin-sessions.server";
import { needsSecondFactor, SECOND_FACTOR_PATH } from "~/domain/admin-two-factor.server";
import { assertSameOrigin } from "~/domain/auth.server";
import { attemptAdminLogin } from "~/domain/login.server";
import { readFormData } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";
import { clientAddress } from "~/lib/rate-limit.server";
import { emailAddress, passwordText } from "~/lib/validation";

export const meta: MetaFunction = () => [{ title: `Admin Login | ${PRODUCT_NAME}` }];

// The admin sign-in. An admin who is already signed in goes straight to the dashboard.
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getAdminSession(request)) throw redirect("/admin/dash");
  return null;
}

const adminLoginSchema = z.object({
  email: emailAddress({
    required: "The email field is required.",
    invalid: "The email must be a valid email address.",
  }),
  password: passwordText({ required: "The password field is required." }),
});

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  if (await getAdminSession(request)) throw redirect("/admin/dash");
  const submission = parseWithZod(await readFormData(request), { schema: adminLoginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password } = submission.value;
  const result = await attemptAdminLogin({ email, password, address: clientAddress(request) });
  if (!result.ok) {
    return data(submission.reply({ formErrors: [result.message], hideFields: ["password"] }), {
      status: result.status,
    });
  }
  // With two-factor the password opens only the second step (decision 037).
  const awaitingSecondFactor = await needsSecondFactor(result.adminId);
  const cookie = await startAdminSession(result.adminId, request, { awaitingSecondFactor });
  return redirect(awaitingSecondFactor ? SECOND_FACTOR_PATH : "/admin/dash", { headers: { "Set-Cookie": cookie } });
}

export default function AdminLogin() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult,
    constraint: getZodConstraint(adminLoginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminLoginSchema }),
  });
  useClearedAfterSubmit(lastResult, fields.password.id);
  return (
    <CardPage title="Admin Login">
      <Form method="post" {...getFormProps(form)} className="mt-6">
        <InputField label="Email" field={fields.email} type="email" autoComplete="username" />
        <InputField
          label="Password"
          field={fields.password}
          type="password"
          hideValue
          autoComplete="current-password"
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SubmitButton pendingText="Signing in…" className="btn-primary mt-2 w-full">
          Login
        </SubmitButton>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/admin/forgot-password" className="text-brand-600 underline">
          Forgot Your Password?
        </Link>
      </p>
    </CardPage>
  );
}
