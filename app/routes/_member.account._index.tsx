import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormErrors, InputField, SubmitButton, useForm } from "~/components/forms";
import { useHydrated } from "~/components/use-hydrated";
import { PAYMENT_ACCOUNT_RULE } from "~/content/member-rules";
import { requireMemberWithDetails } from "~/domain/auth.server";
import {
  bankAccountSchema,
  PAYMENT_ACCOUNT_TEXTS,
  PAYMENT_FIELD_LABEL,
  PAYOUT_METHOD_LABEL,
  PAYOUT_METHODS,
  paymentAccountDetails,
  paypalAccountSchema,
  upiAccountSchema,
} from "~/domain/payment-accounts";
import { formatUsableAt } from "~/domain/member-notices.server";
import { translateKnown, translateWith, usableFromIn, type Translate } from "~/domain/member-texts";
import { PROOF_TEXTS } from "~/domain/payout-account-proof.server";
import { tr } from "~/i18n/mark";
import { getLanguage, getT } from "~/i18n/i18n.server";
import {
  addPaymentAccount,
  deletePaymentAccount,
  listPaymentAccounts,
  parsePaymentAccount,
} from "~/domain/payment-accounts.server";
import { hasLivePayoutAccountCode, payoutProofKind, sendPayoutAccountCode } from "~/domain/payout-account-proof.server";
import type { PayoutMethod } from "~/generated/prisma/enums";
import { getEnv } from "~/lib/env.server";
import { formErrorsOf, resultFor, type FormResult } from "~/lib/form-result";
import { formResult, readFormData, readIntent, refuseForm } from "~/lib/forms.server";
import { titleMeta } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";
import { ProofField, SendCodeForm, type Proof } from "~/components/payout-account-proof";

export const meta: MetaFunction<typeof loader> = titleMeta("Account");

// /account (the spec's Account): the member's payout accounts, one per method, each with a Delete
// form, and an add-form for every method the member does not have yet. An index route, so that
// /account/delete (account deletion) is a page of its own beside it, not nested inside this one.
// Adding an account needs the member's password, or for a member without one (Google sign-in) a
// mailed code: a two-step form, "Email me a code" and then the code with the account details.
// A new account can receive withdrawals only after a cooling-off period, shown on its card
// (docs/decisions/039-payout-account-changes.md).
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMemberWithDetails(request);
  const language = await getLanguage(request);
  const t = await getT(language);
  const accounts = await listPaymentAccounts(member.id);
  const held = new Set(accounts.map((account) => account.method));
  const now = new Date();
  const proof: Proof = payoutProofKind(member, now);
  return {
    title: t("Account"),
    signUpEmail: member.email,
    proof,
    codeSent: proof === "code" && (await hasLivePayoutAccountCode(member.id, now)),
    passwordIsRecent: proof === "code" && member.passwordHash !== null,
    // Only the masked details reach the browser: the full account number never leaves the server.
    accounts: accounts.map((account) => ({
      id: account.id,
      method: account.method,
      details: paymentAccountDetails(account),
      usableFrom:
        account.usableAt.getTime() > now.getTime() ? usableFromIn(language, formatUsableAt(account.usableAt)) : null,
    })),
    // Written with the site's rules (content), translated here: the page loads only its own texts.
    paymentAccountRule: t(PAYMENT_ACCOUNT_RULE),
    missing: PAYOUT_METHODS.filter((method) => !held.has(method)),
    coolingOffHours: getEnv().PAYOUT_ACCOUNT_COOLING_OFF_HOURS,
  };
}

const CONFIRMATION_REQUIRED = tr("Tick the box to confirm.");

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMemberWithDetails(request);
  const formData = await readFormData(request);
  const intent = readIntent(formData, ["delete", "send-code", ...ADD_INTENTS]);
  const t = translateWith(await getT(request));
  if (intent === "delete") return deleteAccount(member.id, formData, t);
  if (intent === "send-code") return sendCode(member.id, t);
  const method = addIntentMethod(intent);

  const submission = parsePaymentAccount(formData, method, member.email, t);
  // The password and the code never come back to the page, whatever the answer.
  const hideFields = ["password", "code"];
  // Only a real submit adds an account; conform's validate intents come back as errors or nothing.
  // Invalid details are answered before the password is checked: they are not a guess.
  if (submission.status !== "success") return answer(submission.reply({ hideFields }), { form: intent });
  const result = await addPaymentAccount(member.id, submission.value, {
    password: textField(formData, "password"),
    code: textField(formData, "code"),
  });
  if (!result.ok) {
    const reply = submission.reply({
      hideFields,
      ...(result.field
        ? { fieldErrors: { [result.field]: [accountMessage(t, result.message)] } }
        : { formErrors: [accountMessage(t, result.message)] }),
    });
    return answer(reply, { form: intent, status: result.status });
  }
  // The spec's message as it is; the account's card says when it can receive withdrawals.
  return redirectWithToast("/account", { type: "success", message: accountMessage(t, result.message) });
}

/** A message of the account's domain, with its values, in the member's language. */
function accountMessage(t: Translate, message: string): string {
  return translateKnown(
    t,
    message,
    [...Object.values(PAYMENT_ACCOUNT_TEXTS), ...Object.values(PROOF_TEXTS)],
    (name, value) => (name === "label" ? t(value) : value),
  );
}

export default function Account() {
  const { accounts, missing, proof, codeSent, passwordIsRecent, signUpEmail, coolingOffHours, paymentAccountRule } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const refusal = refusalOf(resultFor(actionData, "delete") ?? resultFor(actionData, "send-code"));
  // A refusal about an account no longer listed (deleted in another tab, a forged id) goes on top.
  const pageRefusal = refusal && !accounts.some((account) => account.id === refusal.accountId) ? refusal : null;
  return (
    <section aria-labelledby="account-heading" className="max-w-3xl">
      <h1 id="account-heading" className="text-2xl font-semibold">
        {t("Account")}
      </h1>
      {pageRefusal ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {t(pageRefusal.message)}
        </p>
      ) : null}

      <section aria-labelledby="payment-accounts-heading" className="mt-6">
        <h2 id="payment-accounts-heading" className="text-xl font-semibold">
          {t("Payment accounts")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {t("Withdrawals are paid to one of these accounts.")} {paymentAccountRule}
        </p>
        {accounts.length === 0 ? (
          <p className="mt-4 text-slate-600">
            {t("You have no payment account yet. Add one below to withdraw your points.")}
          </p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {accounts.map((account) => (
              <li key={account.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <h3 className="font-semibold">{t(PAYOUT_METHOD_LABEL[account.method])}</h3>
                <dl className="mt-2 space-y-1 text-sm">
                  {account.details.map((line) => (
                    <div key={line.label} className="grid grid-cols-[10rem_1fr] gap-2">
                      <dt className="text-slate-600">{t(line.label)}</dt>
                      <dd className="break-all">{line.value}</dd>
                    </div>
                  ))}
                </dl>
                {account.usableFrom ? (
                  <p className="mt-2 rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900">
                    {t("New account: it can receive withdrawals from {{usableFrom}}.", {
                      usableFrom: account.usableFrom,
                    })}
                  </p>
                ) : null}
                <DeleteAccountForm
                  id={account.id}
                  method={account.method}
                  refusal={refusal?.accountId === account.id ? refusal.message : null}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {missing.length > 0 ? (
        <section aria-labelledby="add-account-heading" className="mt-8">
          <h2 id="add-account-heading" className="text-xl font-semibold">
            {t("Add a payment account")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {proof === "password"
              ? t("To keep your money safe, adding an account needs your current password.")
              : t("To keep your money safe, adding an account needs a code that we email you.")}{" "}
            {coolingOffHours > 0
              ? `${t("A new account can receive withdrawals {{count}} hours after it is added.", { count: coolingOffHours })} `
              : ""}
            {t("We email you about every new account.")}
          </p>
          {proof === "code" ? (
            <SendCodeForm signUpEmail={signUpEmail} codeSent={codeSent} passwordIsRecent={passwordIsRecent} />
          ) : null}
          <div className="mt-4 grid gap-4">
            {missing.map((method) => (
              <AddAccountForm key={method} method={method} />
            ))}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="delete-my-account-heading" className="mt-10 border-t border-slate-200 pt-6">
        <h2 id="delete-my-account-heading" className="text-xl font-semibold">
          {t("Delete my account")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {t("Close your membership and have your data deleted. Deletion completes within 30 calendar days.")}
        </p>
        <Link to="/account/delete" className="btn-secondary mt-3">
          {t("Delete my account")}
        </Link>
      </section>
    </section>
  );
}

/**
 * With JavaScript a confirm dialog asks first. Without it a required checkbox is the confirmation
 * (an unticked post is refused on the server too), so a stray click never deletes an account.
 */
function DeleteAccountForm({ id, method, refusal }: { id: number; method: PayoutMethod; refusal: string | null }) {
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const label = t(PAYOUT_METHOD_LABEL[method]);
  return (
    <Form
      method="post"
      className="mt-4 border-t border-slate-200 pt-3"
      onSubmit={(event) => {
        if (!window.confirm(t("Delete your {{label}} account? You can add it again later.", { label })))
          event.preventDefault();
      }}
    >
      {refusal ? (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {t(refusal)}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="delete" />
      {hydrated ? (
        <input type="hidden" name="confirmed" value="on" />
      ) : (
        <label className="tap-row mb-2 text-sm text-slate-700">
          <input type="checkbox" name="confirmed" value="on" required />
          {t("Yes, delete this {{label}} account", { label })}
        </label>
      )}
      {/* The id rides on the button, so only this account's button says it is working. */}
      <SubmitButton name="accountId" value={String(id)} pendingText={t("Deleting…")} className="btn-secondary">
        {t("Delete {{label}} account", { label })}
      </SubmitButton>
    </Form>
  );
}

type AddResult = FormResult<AccountState> | undefined;

function AddAccountForm({ method }: { method: PayoutMethod }) {
  const lastResult = resultFor(useActionData<typeof action>(), `add-${method}`);
  switch (method) {
    case "paypal":
      return <PaypalForm lastResult={lastResult} />;
    case "upi":
      return <UpiForm lastResult={lastResult} />;
    case "bank":
      return <BankForm lastResult={lastResult} />;
  }
}

function PaypalForm({ lastResult }: { lastResult: AddResult }) {
  const { signUpEmail } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const schema = useMemo(() => paypalAccountSchema(signUpEmail, translateWith(t)), [signUpEmail, t]);
  // The email must be the sign-up email, so the form starts with it.
  const [form, fields] = useAddForm("paypal", schema, lastResult, { paypalEmail: signUpEmail });
  return (
    <AddFormCard method="paypal" form={form}>
      <InputField label={t(PAYMENT_FIELD_LABEL.holderName)} field={fields.holderName} autoComplete="name" />
      <InputField
        label={t(PAYMENT_FIELD_LABEL.paypalEmail)}
        field={fields.paypalEmail}
        type="email"
        autoComplete="email"
        hint={t("Must be the email you signed up with.")}
      />
    </AddFormCard>
  );
}

function UpiForm({ lastResult }: { lastResult: AddResult }) {
  const [form, fields] = useAddForm("upi", upiAccountSchema, lastResult);
  const { t } = useTranslation();
  return (
    <AddFormCard method="upi" form={form}>
      <InputField label={t(PAYMENT_FIELD_LABEL.holderName)} field={fields.holderName} autoComplete="name" />
      <InputField
        label={t(PAYMENT_FIELD_LABEL.upiId)}
        field={fields.upiId}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={t("Your UPI ID (VPA), such as name@bank.")}
      />
    </AddFormCard>
  );
}

function BankForm({ lastResult }: { lastResult: AddResult }) {
  const [form, fields] = useAddForm("bank", bankAccountSchema, lastResult);
  const { t } = useTranslation();
  return (
    <AddFormCard method="bank" form={form}>
      <InputField label={t(PAYMENT_FIELD_LABEL.holderName)} field={fields.holderName} autoComplete="name" />
      <InputField label={t(PAYMENT_FIELD_LABEL.bankName)} field={fields.bankName} autoComplete="off" />
      <InputField
        label={t(PAYMENT_FIELD_LABEL.bankAccountNumber)}
        field={fields.bankAccountNumber}
        inputMode="numeric"
        autoComplete="off"
        hint={t("9 to 18 digits. Only the last 4 are shown once saved.")}
      />
      <InputField
        label={t(PAYMENT_FIELD_LABEL.bankIfsc)}
        field={fields.bankIfsc}
        autoCapitalize="characters"
        autoComplete="off"
        hint={t("11 characters, as on your cheque book or passbook.")}
      />
    </AddFormCard>
  );
}

/**
 * The same schema checks the form in the browser (with JavaScript) and in the action. Errors first
 * show on submit, not on leaving a field: a message appearing on blur moves the button away from
 * under the pointer that is pressing it.
 */
function useAddForm(
  method: PayoutMethod,
  schema: z.ZodTypeAny,
  lastResult: AddResult,
  defaultValue?: Record<string, string>,
) {
  const constraint = useMemo(() => getZodConstraint(schema), [schema]);
  return useForm<Record<string, string>>({
    id: `add-${method}`,
    lastResult,
    defaultValue,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
}

function AddFormCard({
  method,
  form,
  children,
}: {
  method: PayoutMethod;
  form: ReturnType<typeof useAddForm>[0];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const label = t(PAYOUT_METHOD_LABEL[method]);
  const headingId = `add-${method}-heading`;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id={headingId} className="mb-3 font-semibold">
        {t("{{label}} account", { label })}
      </h3>
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
      <AddFormProofField form={form} method={method} />
      <SubmitButton name="intent" value={`add-${method}`} pendingText={t("Adding…")}>
        {t("Add {{label}} account", { label })}
      </SubmitButton>
    </Form>
  );
}

function textField(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" && value !== "" ? value : undefined;
}

async function sendCode(memberId: number, t: Translate) {
  const result = await sendPayoutAccountCode(memberId);
  if (!result.ok) return refuse(accountMessage(t, result.message), { form: "send-code", status: result.status });
  return redirectWithToast("/account", { type: "success", message: accountMessage(t, result.message) });
}

/** The proof field of one add-form, emptied after each answer to it. */
function AddFormProofField({ form, method }: { form: ReturnType<typeof useAddForm>[0]; method: PayoutMethod }) {
  const { proof, codeSent } = useLoaderData<typeof loader>();
  const lastResult = resultFor(useActionData<typeof action>(), `add-${method}`);
  const fields = form.getFieldset();
  const errors = proof === "password" ? fields.password?.errors : fields.code?.errors;
  return (
    <ProofField id={`${method}-${proof}`} proof={proof} codeSent={codeSent} errors={errors} lastResult={lastResult} />
  );
}

const ADD_INTENTS = PAYOUT_METHODS.map((method) => `add-${method}` as const);

function addIntentMethod(intent: (typeof ADD_INTENTS)[number]): PayoutMethod {
  return intent.slice("add-".length) as PayoutMethod;
}

/**
 * Every answer is a FormResult named after its form: an add-form's intent (`add-upi`), `delete` or
 * `send-code`. A refusal to delete also says which account's form it answers, so the message shows
 * on that card (or on top, for an account no longer listed); `accountId` is null for send-code.
 */
type AccountState = { accountId: number | null };
const answer = formResult<AccountState>;
const refuse = refuseForm<AccountState>;

function refusalOf(result: FormResult<AccountState> | undefined) {
  const message = formErrorsOf(result)?.[0];
  return message === undefined ? null : { accountId: result?.pageState?.accountId ?? null, message };
}

async function deleteAccount(memberId: number, formData: FormData, t: Translate) {
  const raw = formData.get("accountId");
  const accountId = typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const pageState = { accountId };
  if (formData.get("confirmed") !== "on") return refuse(CONFIRMATION_REQUIRED, { form: "delete", pageState });
  const result = await deletePaymentAccount(memberId, accountId ?? 0);
  if (!result.ok) {
    return refuse(result.message, { form: "delete", pageState, status: result.reason === "not-found" ? 404 : 409 });
  }
  return redirectWithToast("/account", { type: "success", message: accountMessage(t, result.message) });
}
