import type { TFunction } from "i18next";
import type { PayoutMethod } from "~/generated/prisma/client";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/config";
import { getEnv } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";
import type { Mail } from "./mail.server";
import { escapeHtml, formatDateTime, mailLanguage, mailWords, type MailWords } from "./mail-words.server";
import { translateRemark, translateWith } from "./member-texts";
import { PAYOUT_METHOD_LABEL } from "./payment-accounts";
import type { Tx } from "~/lib/db.server";

// Notices to a member about their money and their account: a new payout account, each withdrawal
// request and its approval or rejection, each change of their points by an admin or a buyer's
// reconciliation file (decision 079), and each password change or reset. Each one says what to do
// if it was not them, or whom to ask. They are queued (QueuedMail) in the transaction of the change
// itself: a rolled-back change sends nothing, and a mail server that is down never fails the
// member's action; the mail worker sends them with retries (docs/decisions/039-payout-account-changes.md).
// Each is written in the member's language when it is queued (mail-words.server.ts).

/** The member a notice goes to; `language` is Member.language (null: English). */
export interface Recipient {
  email: string;
  firstName: string;
  language: string | null;
}

/** A date and time as every notice and the account pages show it, e.g. "26 November 2026, 14:05 UTC". */
export function formatUsableAt(date: Date, language: Language = DEFAULT_LANGUAGE): string {
  return formatDateTime(date, language);
}

/** The words of a notice to this member, in their language (a job's mail: English if they never chose). */
function wordsFor(member: Recipient): Promise<MailWords> {
  return mailWords(mailLanguage(member.language));
}

/** A payout method's name in a sentence; PayPal and UPI are names in every language. */
function methodName({ tMail }: MailWords, method: PayoutMethod): string {
  return method === "bank" ? tMail("Bank") : PAYOUT_METHOD_LABEL[method];
}

export async function queuePayoutAccountAddedMail(
  db: Tx,
  member: Recipient,
  account: { method: PayoutMethod; summary: string; usableAt: Date },
  now: Date,
) {
  const words = await wordsFor(member);
  const { tMail } = words;
  const method = methodName(words, account.method);
  const usable =
    account.usableAt.getTime() <= now.getTime()
      ? tMail("Withdrawals can be paid to it from now on.")
      : tMail("Withdrawals can be paid to it from {{date}}.", { date: words.dateTime(account.usableAt) });
  return queue(db, member, words, tMail("New {{method}} payout account added", { method }), [
    tMail("A {{method}} payout account was added to your {{product}} account: {{account}}.", {
      method,
      product: PRODUCT_NAME,
      account: account.summary,
    }),
    usable,
    ...notYou(
      tMail(
        "If this was not you, delete this payout account on your Account page, change your password, and contact support at {{support}}.",
        { support: getEnv().SUPPORT_EMAIL },
      ),
    ),
  ]);
}

export async function queueWithdrawalRequestedMail(
  db: Tx,
  member: Recipient,
  withdrawal: { referenceId: string; points: number; amountMinor: number; account: string; heldBecause?: string },
) {
  const words = await wordsFor(member);
  const { tMail } = words;
  const reference = withdrawal.referenceId;
  return queue(db, member, words, tMail("Withdrawal {{reference}} requested", { reference }), [
    tMail("You asked to withdraw {{points}} points ({{amount}}) to {{account}}.", {
      points: words.points(withdrawal.points),
      amount: words.rupees(withdrawal.amountMinor),
      account: withdrawal.account,
    }),
    withdrawal.heldBecause
      ? tMail(
          "Reference: {{reference}}. It is held for review before payment. {{why}} We will write again when it is paid or rejected.",
          // The reason is one of the fixed texts of WITHDRAWAL_HOLD_REASONS, marked where written.
          { reference, why: tMail(withdrawal.heldBecause) },
        )
      : tMail("Reference: {{reference}}. It is pending payment; we will write again when it is paid or rejected.", {
          reference,
        }),
    ...changePasswordIfNotYou(words),
  ]);
}

/** The hold was lifted after review: the request is in the payment queue like any other. */
export async function queueWithdrawalReleasedMail(
  db: Tx,
  member: Recipient,
  withdrawal: { referenceId: string; amountMinor: number },
) {
  const words = await wordsFor(member);
  const { tMail } = words;
  const reference = withdrawal.referenceId;
  return queue(db, member, words, tMail("Withdrawal {{reference}} checked", { reference }), [
    tMail(
      "We have checked your withdrawal {{reference}} ({{amount}}). It is no longer held and is pending payment as usual.",
      { reference, amount: words.rupees(withdrawal.amountMinor) },
    ),
    ...changePasswordIfNotYou(words),
  ]);
}

/** What an appeal was about, in the member's language: the event's fixed text and its values. */
export interface AppealEventWords {
  text: string;
  values: Record<string, string | number>;
}

/** An admin decided the member's appeal (decision 073): the reply, and what came back. */
export async function queueAppealDecidedMail(
  db: Tx,
  member: Recipient,
  appeal: { granted: boolean; event: AppealEventWords | null; reply: string; points: number },
) {
  const words = await wordsFor(member);
  const { tMail } = words;
  const event = appeal.event ? tMail(appeal.event.text, numbersIn(words, appeal.event.values)) : tMail("your appeal");
  return queue(
    db,
    member,
    words,
    appeal.granted ? tMail("Your appeal was granted") : tMail("Your appeal was answered"),
    [
      tMail("We have looked at your appeal about: {{event}}.", { event }),
      appeal.granted
        ? appeal.points > 0
          ? tMail("It is granted: {{points}} points are back in your balance.", { points: words.points(appeal.points) })
          : tMail("It is granted.")
        : tMail("We looked again and the decision stands."),
      tMail("Our reply: {{reply}}", { reply: appeal.reply }),
      tMail("You can read it again in your Points History or Survey History."),
    ],
  );
}

/** A withdrawal's reference, points and amount as the sentences about it show them. */
function withdrawalValues(words: MailWords, withdrawal: { referenceId: string; points: number; amountMinor: number }) {
  return {
    reference: withdrawal.referenceId,
    points: words.points(withdrawal.points),
    amount: words.rupees(withdrawal.amountMinor),
  };
}

export async function queueWithdrawalApprovedMail(
  db: Tx,
  member: Recipient,
  withdrawal: { referenceId: string; points: number; amountMinor: number; payoutReference?: string },
) {
  const words = await wordsFor(member);
  const { tMail } = words;
  const values = withdrawalValues(words, withdrawal);
  return queue(db, member, words, tMail("Withdrawal {{reference}} paid", values), [
    tMail("Your withdrawal {{reference}} of {{points}} points ({{amount}}) has been paid.", values),
    ...(withdrawal.payoutReference
      ? [tMail("Payout reference: {{payoutReference}}", { payoutReference: withdrawal.payoutReference })]
      : []),
    ...changePasswordIfNotYou(words),
  ]);
}

export async function queueWithdrawalReturnedMail(
  db: Tx,
  member: Recipient,
  withdrawal: { referenceId: string; points: number; amountMinor: number; reason: string },
) {
  const words = await wordsFor(member);
  const { tMail } = words;
  const values = withdrawalValues(words, withdrawal);
  return queue(db, member, words, tMail("Withdrawal {{reference}} returned", values), [
    tMail(
      "The payment of your withdrawal {{reference}} of {{points}} points ({{amount}}) did not go through and came back to us.",
      values,
    ),
    // The provider's or the admin's reason, as they wrote it.
    tMail("Reason: {{reason}}", { reason: withdrawal.reason }),
    tMail(
      "The {{points}} points are back in your balance. Check your payout account on your Account page, then withdraw again.",
      values,
    ),
    ...changePasswordIfNotYou(words),
  ]);
}

export async function queueWithdrawalRejectedMail(
  db: Tx,
  member: Recipient,
  withdrawal: { referenceId: string; points: number; amountMinor: number; reason: string },
) {
  const words = await wordsFor(member);
  const { tMail } = words;
  const values = withdrawalValues(words, withdrawal);
  return queue(db, member, words, tMail("Withdrawal {{reference}} rejected", values), [
    tMail("Your withdrawal {{reference}} of {{points}} points ({{amount}}) was rejected.", values),
    // The admin's reason, as they wrote it.
    tMail("Reason: {{reason}}", { reason: withdrawal.reason }),
    tMail("The {{points}} points are back in your balance.", values),
    ...changePasswordIfNotYou(words),
  ]);
}

/** Where a member reads every change of their points, as an absolute link for a mail. */
const pointsHistoryLink = () => `${getEnv().APP_URL.replace(/\/+$/, "")}/activities/PointsRecords`;

/**
 * A change of the member's points that someone else made: an admin's adjustment, an admin's or a
 * buyer's reversal of a survey reward, a buyer's approval giving it back. (The member's own
 * withdrawals and the survey rewards they earn have mails or pages of their own.)
 */
export interface PointsChangeNotice {
  /** Signed, as the ledger entry: added > 0, taken < 0. */
  change: number;
  /** The balance right after the change. */
  balance: number;
  /** The ledger entry's remark: the reason the member reads in Points History. */
  remark: string;
  /** Points of a reversed reward the member had already spent, which stay spent. */
  kept?: number;
  /** A reward taken back, which the member may appeal from Points History (decision 073). */
  reversal?: boolean;
}

/** The notice of a change of points, in the member's language, ready for the queue. */
export async function pointsChangedMail(member: Recipient, notice: PointsChangeNotice): Promise<Mail> {
  const words = await wordsFor(member);
  const { tMail } = words;
  const points = words.points(Math.abs(notice.change));
  const added = notice.change > 0;
  return memberMail(
    member,
    added
      ? tMail("{{points}} points added to your balance", { points })
      : tMail("{{points}} points taken from your balance", { points }),
    [
      added
        ? tMail("{{points}} points were added to your balance.", { points })
        : tMail("{{points}} points were taken from your balance.", { points }),
      // The remark as Points History shows it: stored in English, translated by its template.
      tMail("Reason: {{reason}}", { reason: translateRemark(translateWith(tMail), notice.remark) }),
      ...(notice.kept
        ? [
            tMail("{{points}} points of this reward had already been spent; they stay spent.", {
              points: words.points(notice.kept),
            }),
          ]
        : []),
      tMail("Your balance is now {{balance}} points.", { balance: words.points(notice.balance) }),
      "",
      tMail("You can see it in your Points History: {{link}}", { link: pointsHistoryLink() }),
      notice.reversal
        ? tMail("If you think this is wrong, you can appeal it once from your Points History.")
        : tMail("If you have a question about it, contact support at {{support}}.", {
            support: getEnv().SUPPORT_EMAIL,
          }),
    ],
    tMail,
  );
}

/** Queues the notice of one change of points, in the transaction of the ledger entry. */
export async function queuePointsChangedMail(db: Tx, member: Recipient, notice: PointsChangeNotice) {
  await db.queuedMail.create({ data: await pointsChangedMail(member, notice) });
}

export type PasswordChange = "changed" | "set" | "reset";

export async function queuePasswordChangedMail(db: Tx, member: Recipient, change: PasswordChange) {
  const words = await wordsFor(member);
  const { tMail } = words;
  const product = PRODUCT_NAME;
  const [subject, what] = {
    changed: [
      tMail("Your password was changed"),
      tMail("The password of your {{product}} account was changed. You have been signed out on your other devices.", {
        product,
      }),
    ],
    set: [
      tMail("A password was set on your account"),
      tMail("The password of your {{product}} account was set. You have been signed out on your other devices.", {
        product,
      }),
    ],
    reset: [
      tMail("Your password was reset"),
      tMail("The password of your {{product}} account was reset. You have been signed out on your other devices.", {
        product,
      }),
    ],
  }[change];
  return queue(db, member, words, subject, [
    what,
    ...notYou(
      tMail(
        "If this was not you, reset your password at once with Forgot password on the sign-in page, and contact support at {{support}}.",
        { support: getEnv().SUPPORT_EMAIL },
      ),
    ),
  ]);
}

/**
 * For a change made outside a transaction (the Password page): the change has happened, so a
 * failure to queue its notice is logged, never reported to the member as a failed change.
 */
export async function queueSafely(send: () => Promise<unknown>, what: string): Promise<void> {
  try {
    await send();
  } catch (error) {
    console.error(`The ${what} mail could not be queued:`, error instanceof Error ? error.message : error);
  }
}

/** The last paragraph of a notice: what to do if it was not them. */
function notYou(advice: string): string[] {
  return ["", advice];
}

function changePasswordIfNotYou(words: MailWords): string[] {
  return notYou(
    words.tMail("If this was not you, change your password, and contact support at {{support}}.", {
      support: getEnv().SUPPORT_EMAIL,
    }),
  );
}

/** Numbers among an event's values, written as the member reads them. */
function numbersIn(words: MailWords, values: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === "number" ? words.points(value) : value]),
  );
}

async function queue(db: Tx, member: Recipient, words: MailWords, subject: string, body: string[]) {
  await db.queuedMail.create({ data: memberMail(member, subject, body, words.tMail) });
}

/**
 * A short plain message: a greeting in the mail's language (tMail), the body's lines, the same
 * paragraphs as HTML. The admins' notices use it too, with English words.
 */
export function memberMail(
  recipient: { email: string; firstName: string },
  subject: string,
  body: string[],
  tMail: TFunction,
): Mail {
  const lines = [tMail("Hello {{name}},", { name: recipient.firstName }), "", ...body];
  return {
    to: recipient.email,
    subject,
    text: lines.join("\n"),
    html: paragraphs(lines)
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join("\n"),
  };
}

/** Lines into paragraphs at the blank lines. */
function paragraphs(lines: string[]): string[] {
  const result: string[][] = [[]];
  for (const line of lines) {
    if (line === "") result.push([]);
    else result[result.length - 1].push(line);
  }
  return result.filter((group) => group.length > 0).map((group) => group.join(" "));
}
