import type { PayoutMethod } from "~/generated/prisma/client";
import { getEnv } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";
import type { Mail } from "./mail.server";
import { PAYOUT_METHOD_LABEL } from "./payment-accounts";
import type { Tx } from "~/lib/db.server";

// Notices to a member about their money and their account: a new payout account, each withdrawal
// request and its approval or rejection, and each password change or reset. Each one says what
// to do if it was not them. They are queued (QueuedMail) in the transaction of the change itself:
// a rolled-back change sends nothing, and a mail server that is down never fails the member's
// action; the mail worker sends them with retries (docs/decisions/039-payout-account-changes.md).

interface Recipient {
  email: string;
  firstName: string;
}

/** A date and time as every notice and the account pages show it, e.g. "26 November 2026, 14:05 UTC". */
export function formatUsableAt(date: Date): string {
  // The time by hand: ICU versions join a date and a time differently ("," or "at").
  const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const time = [date.getUTCHours(), date.getUTCMinutes()].map((part) => String(part).padStart(2, "0")).join(":");
  return `${day.format(date)}, ${time} UTC`;
}

export function queuePayoutAccountAddedMail(
  db: Tx,
  member: Recipient,
  account: { method: PayoutMethod; summary: string; usableAt: Date },
  now: Date,
) {
  const label = PAYOUT_METHOD_LABEL[account.method];
  const usable =
    account.usableAt.getTime() <= now.getTime()
      ? "Withdrawals can be paid to it from now on."
      : `Withdrawals can be paid to it from ${formatUsableAt(account.usableAt)}.`;
  return queue(db, member, `New ${label} payout account added`, [
    `A ${label} payout account was added to your ${PRODUCT_NAME} account: ${account.summary}.`,
    usable,
    ...notYou("delete this payout account on your Account page, change your password"),
  ]);
}

export function queueWithdrawalRequestedMail(
  db: Tx,
  member: Recipient,
  withdrawal: { referenceId: string; points: number; amount: string; account: string; heldBecause?: string },
) {
  return queue(db, member, `Withdrawal ${withdrawal.referenceId} requested`, [
    `You asked to withdraw ${withdrawal.points} points (${withdrawal.amount}) to ${withdrawal.account}.`,
    withdrawal.heldBecause
      ? `Reference: ${withdrawal.referenceId}. It is held for review before payment. ${withdrawal.heldBecause} We will write again when it is paid or rejected.`
      : `Reference: ${withdrawal.referenceId}. It is pending payment; we will write again when it is paid or rejected.`,
    ...notYou("change your password"),
  ]);
}

/** The hold was lifted after review: the request is in the payment queue like any other. */
export function queueWithdrawalReleasedMail(
  db: Tx,
  member: Recipient,
  withdrawal: { referenceId: string; amount: string },
) {
  return queue(db, member, `Withdrawal ${withdrawal.referenceId} checked`, [
    `We have checked your withdrawal ${withdrawal.referenceId} (${withdrawal.amount}). It is no longer held and is pending payment as usual.`,
    ...notYou("change your password"),
  ]);
}

/** An admin decided the member's appeal (decision 073): the reply, and what came back. */
export function queueAppealDecidedMail(
  db: Tx,
  member: Recipient,
  appeal: { granted: boolean; event: string; reply: string; points: number },
) {
  return queue(db, member, appeal.granted ? "Your appeal was granted" : "Your appeal was answered", [
    `We have looked at your appeal about: ${appeal.event}.`,
    appeal.granted
      ? appeal.points > 0
        ? `It is granted: ${appeal.points} points are back in your balance.`
        : "It is granted."
      : "We looked again and the decision stands.",
    `Our reply: ${appeal.reply}`,
    "You can read it again in your Points History or Survey History.",
  ]);
}

export function queueWithdrawalApprovedMail(
  db: Tx,
  member: Recipient,
  withdrawal: { referenceId: string; points: number; amount: string; payoutReference?: string },
) {
  return queue(db, member, `Withdrawal ${withdrawal.referenceId} paid`, [
    `Your withdrawal ${withdrawal.referenceId} of ${withdrawal.points} points (${withdrawal.amount}) has been paid.`,
    ...(withdrawal.payoutReference ? [`Payout reference: ${withdrawal.payoutReference}`] : []),
    ...notYou("change your password"),
  ]);
}

export function queueWithdrawalReturnedMail(
  db: Tx,
  member: Recipient,
  withdrawal: { referenceId: string; points: number; amount: string; reason: string },
) {
  return queue(db, member, `Withdrawal ${withdrawal.referenceId} returned`, [
    `The payment of your withdrawal ${withdrawal.referenceId} of ${withdrawal.points} points (${withdrawal.amount}) did not go through and came back to us.`,
    `Reason: ${withdrawal.reason}`,
    `The ${withdrawal.points} points are back in your balance. Check your payout account on your Account page, then withdraw again.`,
    ...notYou("change your password"),
  ]);
}

export function queueWithdrawalRejectedMail(
  db: Tx,
  member: Recipient,
  withdrawal: { referenceId: string; points: number; amount: string; reason: string },
) {
  return queue(db, member, `Withdrawal ${withdrawal.referenceId} rejected`, [
    `Your withdrawal ${withdrawal.referenceId} of ${withdrawal.points} points (${withdrawal.amount}) was rejected.`,
    `Reason: ${withdrawal.reason}`,
    `The ${withdrawal.points} points are back in your balance.`,
    ...notYou("change your password"),
  ]);
}

export type PasswordChange = "changed" | "set" | "reset";

const PASSWORD_SUBJECT: Record<PasswordChange, string> = {
  changed: "Your password was changed",
  set: "A password was set on your account",
  reset: "Your password was reset",
};

export function queuePasswordChangedMail(db: Tx, member: Recipient, change: PasswordChange) {
  const what = { changed: "was changed", set: "was set", reset: "was reset" }[change];
  return queue(db, member, PASSWORD_SUBJECT[change], [
    `The password of your ${PRODUCT_NAME} account ${what}. You have been signed out on your other devices.`,
    ...notYou("reset your password at once with Forgot password on the sign-in page"),
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

function notYou(action: string): string[] {
  return ["", `If this was not you, ${action}, and contact support at ${getEnv().SUPPORT_EMAIL}.`];
}

async function queue(db: Tx, member: Recipient, subject: string, body: string[]) {
  await db.queuedMail.create({ data: memberMail(member, subject, body) });
}

/** A short plain message to a member: a greeting, the body's lines, the same paragraphs as HTML. */
export function memberMail(member: Recipient, subject: string, body: string[]): Mail {
  const lines = [`Hello ${member.firstName},`, "", ...body];
  return {
    to: member.email,
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

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
