import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AutoRefresh } from "~/components/auto-refresh";
import { ErrorList, InputField, SubmitButton, useForm } from "~/components/forms";
import { requireMemberWithDetails } from "~/domain/auth.server";
import { COOLING_OFF, withdrawalSchema } from "~/domain/withdrawal-schema";
import { getWithdrawalOptions, requestWithdrawal } from "~/domain/withdrawals.server";
import { formatRupees } from "~/domain/member-records.server";
import { translateAccountSummary, translateKnown, translateWith, usableFromIn } from "~/domain/member-texts";
import { formatsFor, useFormats } from "~/i18n/format";
import { getLanguage, getT } from "~/i18n/i18n.server";
import { readFormData } from "~/lib/forms.server";
import { titleMeta } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: MetaFunction<typeof loader> = titleMeta("Points");

// /points: the balance, what it is worth, and the withdraw form (points and one of the member's
// payout accounts). A request debits the points at once and shows in the points history as
// pending payment. The rate and the minimum are configuration (docs/decisions/026-withdrawals.md).
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMemberWithDetails(request);
  const language = await getLanguage(request);
  const options = await getWithdrawalOptions(member);
  const accounts = options.accounts.map((account) => ({
    ...account,
    usableFrom: account.usableFrom === null ? null : usableFromIn(language, account.usableFrom),
  }));
  // A fresh key with every rendering: posting this form twice makes one request (requestWithdrawal).
  const t = await getT(language);
  return { ...options, accounts, requestKey: crypto.randomUUID(), title: t("Points") };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMemberWithDetails(request);
  const options = await getWithdrawalOptions(member);
  const language = await getLanguage(request);
  const t = translateWith(await getT(language));
  const schema = withdrawalSchema(options, { t, number: formatsFor(language).number });
  const submission = parseWithZod(await readFormData(request), { schema });
  // Validation intents and refused input come back to the form; nothing is written.
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await requestWithdrawal(member.id, submission.value);
  if (!result.ok) {
    // The refusals with figures (the limits, a new account's cooling-off) in the member's language.
    const message = translateKnown(
      t,
      result.message,
      [
        COOLING_OFF,
        "The minimum withdrawal is {{minimum}} points.",
        "You cannot withdraw more than your balance of {{balance}} points.",
      ],
      (name, value) => (name === "label" ? t(value) : name === "usableFrom" ? usableFromIn(language, value) : value),
    );
    const errors = result.field ? { fieldErrors: { [result.field]: [message] } } : { formErrors: [message] };
    return data(submission.reply(errors), { status: 400 });
  }
  const values = { referenceId: result.referenceId, points: result.points, amount: formatRupees(result.amountMinor) };
  return redirectWithToast("/activities/PointsRecords", {
    type: "success",
    // Translated here: a toast set on a redirect has no values of its own.
    message: result.held
      ? t(
          "Withdrawal {{referenceId}} of {{points}} points ({{amount}}) requested: held for review before payment. We have e-mailed you why.",
          values,
        )
      : t("Withdrawal {{referenceId}} of {{points}} points ({{amount}}) requested: pending payment.", values),
  });
}

export default function Points() {
  const { balance, minimum, minimumAmount, pointsPerRupee, withdrawable, accounts, requestKey } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-semibold">{t("Points")}</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border border-slate-200 bg-white p-4">
        <dt className="text-slate-600">{t("Points balance")}</dt>
        <dd>
          <strong data-testid="points-balance">{balance}</strong>
        </dd>
        <dt className="text-slate-600">{t("You can withdraw")}</dt>
        <dd data-testid="withdrawable">{withdrawable}</dd>
        <dt className="text-slate-600">{t("Minimum withdrawal")}</dt>
        <dd data-testid="minimum-withdrawal">
          {t("{{points}} points ({{amount}})", { points: formats.number(minimum), amount: minimumAmount })}
        </dd>
        <dt className="text-slate-600">{t("Rate")}</dt>
        <dd>{t("{{points}} points = ₹ 1", { points: pointsPerRupee })}</dd>
      </dl>
      <AutoRefresh />
      {balance < minimum ? (
        <p className="mt-2 text-sm text-slate-700">
          {t("You need {{points}} more points to reach the minimum withdrawal.", {
            points: formats.number(minimum - balance),
          })}
        </p>
      ) : null}

      <section aria-labelledby="withdraw-heading" className="mt-8">
        <h2 id="withdraw-heading" className="text-xl font-semibold">
          {t("Withdraw")}
        </h2>
        {accounts.length === 0 ? (
          <p className="mt-3 rounded-md border border-slate-200 bg-white p-4">
            {t("You have no payment account yet.")}{" "}
            <Link to="/account" className="text-brand-700 underline">
              {t("Add a PayPal, UPI or bank account")}
            </Link>{" "}
            {t("to withdraw your points.")}
          </p>
        ) : (
          <WithdrawForm balance={balance} minimum={minimum} accounts={accounts} requestKey={requestKey} />
        )}
        <p className="mt-4 text-sm">
          <Link to="/activities/PointsRecords" className="text-brand-700 underline">
            {t("Points history")}
          </Link>
        </p>
      </section>
    </div>
  );
}

function WithdrawForm({
  balance,
  minimum,
  accounts,
  requestKey,
}: {
  balance: number;
  minimum: number;
  accounts: { method: string; summary: string; usableFrom: string | null }[];
  requestKey: string;
}) {
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const formats = useFormats();
  const schema = withdrawalSchema({ minimum, balance }, { t: translateWith(t), number: formats.number });
  const [form, fields] = useForm({
    id: "withdraw",
    lastResult,
    defaultValue: { method: accounts.length === 1 ? accounts[0].method : undefined },
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 rounded-md border border-slate-200 bg-white p-4">
      {form.errors?.length ? (
        <div role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
      ) : null}
      <InputField
        label={t("Points to withdraw")}
        field={fields.points}
        type="number"
        step={1}
        inputMode="numeric"
        hint={t("From {{minimum}} to your balance of {{balance}} points.", {
          minimum: formats.number(minimum),
          balance: formats.number(balance),
        })}
      />
      <fieldset className="mb-4">
        <legend className="text-sm font-medium text-slate-800">{t("Pay into")}</legend>
        {accounts.map((account) => {
          // One control per account: each radio needs its own id (conform gives the field's to all).
          const { key: _key, ...radio } = getInputProps(fields.method, { type: "radio", value: account.method });
          return (
            <label key={account.method} className="tap-row mt-1">
              <input {...radio} id={`${fields.method.id}-${account.method}`} />
              <span>{translateAccountSummary(translateWith(t), account.summary)}</span>
              {/* A new account's cooling-off period; a request to it before then is refused. */}
              {account.usableFrom ? (
                <span className="text-sm text-amber-900">
                  {t("(new: can receive withdrawals from {{usableFrom}})", { usableFrom: account.usableFrom })}
                </span>
              ) : null}
            </label>
          );
        })}
        <ErrorList id={fields.method.errorId} errors={fields.method.errors} />
      </fieldset>
      <input type="hidden" name="requestKey" value={requestKey} />
      <SubmitButton pendingText={t("Requesting…")}>{t("Withdraw")}</SubmitButton>
    </Form>
  );
}
