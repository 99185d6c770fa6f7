import { APP_ORIGIN } from "../support/file-outbox";
import { describe, expect, test } from "vitest";
import { assignSurvey } from "~/domain/assignments.server";
import { sendVerificationEmail } from "~/domain/email-verification.server";
import { runInactivityPass, monthsBefore } from "~/domain/inactivity.server";
import { listOutbox } from "~/domain/mail.server";
import { adjustMemberPoints, suspendMember } from "~/domain/member-actions.server";
import {
  queueAppealDecidedMail,
  queuePasswordChangedMail,
  queuePayoutAccountAddedMail,
  queueWithdrawalApprovedMail,
  queueWithdrawalRejectedMail,
  queueWithdrawalRequestedMail,
} from "~/domain/member-notices.server";
import { requestPasswordReset } from "~/domain/password-reset.server";
import { sendPayoutAccountCode } from "~/domain/payout-account-proof.server";
import { applyReconciliation, reconciliationFileHash } from "~/domain/reconciliation.server";
import { WITHDRAWAL_HOLD_REASONS } from "~/domain/withdrawal-statuses";
import { getPrisma } from "~/lib/db.server";
import { PRODUCT_NAME } from "~/lib/product";
import { ENGLISH_WORDS } from "../e2e/support/languages";
import { createTestAdmin, createTestMember, createTestPaidComplete, createTestSurvey } from "../support/factories";

// Issue 21 point 1 (decision 074): every mail a member receives is written in the language they
// chose (Member.language), subject and body, text and HTML; a member who never chose gets the English
// mails as before; admins' mails stay English.

interface Written {
  subject: string;
  text: string;
  html: string;
}

/** The English words of a mail (decision 074's list), leaving out links, addresses and the product's name. */
function englishWordsIn(mail: Written, allow: string[] = []): string[] {
  const allowed = new Set([...(PRODUCT_NAME.match(/[A-Za-z]+/g) ?? []), ...allow].map((word) => word.toLowerCase()));
  const found: string[] = [];
  for (const part of [mail.subject, mail.text, mail.html.replace(/<[^>]*>/g, " ")]) {
    const words = part
      .replace(/https?:\/\/\S+/g, " ")
      .replace(/\S+@\S+/g, " ")
      .match(/[A-Za-z]+/g);
    for (const word of words ?? []) {
      if (ENGLISH_WORDS.has(word.toLowerCase()) && !allowed.has(word.toLowerCase())) found.push(word);
    }
  }
  return found;
}

const DEVANAGARI = /[\u0900-\u097F]/;

function expectHindi(mail: Written | undefined, allow: string[] = []) {
  expect(mail).toBeDefined();
  expect(mail!.subject).toMatch(DEVANAGARI);
  expect(mail!.text).toMatch(DEVANAGARI);
  expect(mail!.html).toMatch(DEVANAGARI);
  expect(englishWordsIn(mail!, allow)).toEqual([]);
}

const queuedTo = (email: string) => getPrisma().queuedMail.findMany({ where: { to: email }, orderBy: { id: "asc" } });

const outboxTo = async (email: string) => (await listOutbox()).filter((mail) => mail.to === email);

describe("notices about money and the account", () => {
  test("a Hindi member's withdrawal, payout account, appeal and password notices are in Hindi, amounts in hi-IN", async () => {
    const member = await createTestMember({ firstName: "Asha", language: "hi" });
    const db = getPrisma();
    const withdrawal = { referenceId: "WR7Q2K", points: 150000, amountMinor: 1500000 };
    await queueWithdrawalRequestedMail(db, member, {
      ...withdrawal,
      account: "UPI · asha@okhdfc",
      heldBecause: WITHDRAWAL_HOLD_REASONS.quality_score.member,
    });
    await queueWithdrawalApprovedMail(db, member, { ...withdrawal, payoutReference: "UTR0001" });
    await queueWithdrawalRejectedMail(db, member, { ...withdrawal, reason: "UPI ID नहीं मिला" });
    await queuePayoutAccountAddedMail(
      db,
      member,
      { method: "bank", summary: "HDFC ••••7890", usableAt: new Date("2030-11-26T14:05:00Z") },
      new Date("2030-11-25T14:05:00Z"),
    );
    await queueAppealDecidedMail(db, member, {
      granted: true,
      event: { text: "{{points}} points taken back ({{reference}})", values: { points: 80, reference: "PT9X" } },
      reply: "हमारी जाँच गलत थी।",
      points: 80,
    });
    await queuePasswordChangedMail(db, member, "changed");

    const mails = await queuedTo(member.email);
    expect(mails).toHaveLength(6);
    // Bank and UTR are the data's (a bank's name, the payout reference): allowed.
    for (const mail of mails) expectHindi(mail, ["HDFC", "UTR", "UPI", "PT", "WR"]);
    const [requested, paid, rejected, added, appeal] = mails;
    expect(requested.subject).toBe("निकासी अनुरोध WR7Q2K मिल गया");
    expect(requested.text).toContain("नमस्ते Asha,");
    // Indian grouping, in Hindi as in English.
    expect(requested.text).toContain("1,50,000 पॉइंट्स (₹15,000.00)");
    expect(requested.text).toContain("हम कुछ निकासी भुगतान से पहले ख़ुद जाँचते हैं");
    expect(paid.text).toContain("भुगतान संदर्भ संख्या: UTR0001");
    expect(rejected.text).toContain("कारण: UPI ID नहीं मिला");
    expect(added.subject).toBe("नया बैंक भुगतान खाता जोड़ा गया");
    expect(added.text).toContain("26 नवंबर 2030, 14:05 UTC से");
    expect(appeal.text).toContain("80 पॉइंट्स वापस लिए गए (PT9X)");
  });

  test("a member who never chose a language gets the English notices as before", async () => {
    const member = await createTestMember({ firstName: "Ravi", language: null });
    await queueWithdrawalRequestedMail(getPrisma(), member, {
      referenceId: "WR1234",
      points: 150000,
      amountMinor: 1500000,
      account: "UPI · ravi@okaxis",
    });
    const [mail] = await queuedTo(member.email);
    expect(mail.subject).toBe("Withdrawal WR1234 requested");
    expect(mail.text).toBe(
      [
        "Hello Ravi,",
        "",
        "You asked to withdraw 150000 points (₹ 15,000.00) to UPI · ravi@okaxis.",
        "Reference: WR1234. It is pending payment; we will write again when it is paid or rejected.",
        "",
        "If this was not you, change your password, and contact support at support@panel.test.",
      ].join("\n"),
    );
  });

  test("a buyer's reversal and an admin's adjustment are mailed to a Hindi member in Hindi, the reason too", async () => {
    const member = await createTestMember({ firstName: "Asha", language: "hi" });
    const admin = await createTestAdmin();
    const survey = await createTestSurvey({ name: "Chai" });
    const assignment = await createTestPaidComplete(survey.id, member.id, { points: 2500 });
    const file = `token,status,reason\n${assignment.respondentToken},reversed,speeding\n`;
    expect(await applyReconciliation(admin, survey.id, file, reconciliationFileHash(file))).toMatchObject({ ok: true });
    expect(
      await adjustMemberPoints(admin, member.id, { points: 1200, reason: "सर्वे में दिक्कत के लिए", key: "hi-1" }),
    ).toMatchObject({ ok: true });

    const [reversal, adjustment, ...more] = await queuedTo(member.email);
    expect(more).toEqual([]);
    expectHindi(reversal, ["Chai"]);
    expect(reversal.subject).toBe("आपके बैलेंस से 2,500 पॉइंट्स काटे गए");
    expect(reversal.text).toContain(
      'आपके बैलेंस से 2,500 पॉइंट्स काटे गए हैं।\nकारण: "Chai" का इनाम वापस लिया गया: आपने इतनी जल्दी जवाब दिए कि आपके जवाब गिने नहीं जा सकते।\nअब आपका बैलेंस 0 पॉइंट्स है।',
    );
    expect(reversal.text).toContain(`इसे आप अपनी पॉइंट्स हिस्ट्री में देख सकते हैं: ${APP_ORIGIN}/activities/PointsRecords`);
    expect(reversal.text).toContain("आप अपनी पॉइंट्स हिस्ट्री से इस पर एक बार अपील कर सकते हैं।");
    expectHindi(adjustment);
    expect(adjustment.subject).toBe("आपके बैलेंस में 1,200 पॉइंट्स जोड़े गए");
    expect(adjustment.text).toContain("कारण: सर्वे में दिक्कत के लिए\nअब आपका बैलेंस 1,200 पॉइंट्स है।");
  });

  test("an admin's suspension of a Hindi member mails them in Hindi", async () => {
    const member = await createTestMember({ language: "hi" });
    const admin = await createTestAdmin();
    expect(await suspendMember(admin, member.id, "Duplicate accounts")).toMatchObject({ ok: true });
    const [mail] = await queuedTo(member.email);
    expectHindi(mail);
    expect(mail.subject).toBe(`आपके ${PRODUCT_NAME} खाते पर रोक लगाई गई है`);
  });
});

describe("mails sent at once", () => {
  test("verification: the member's language, else the page's; English when neither is Hindi", async () => {
    const hindi = await createTestMember({ emailVerifiedAt: null, language: "hi" });
    const fromHindiPage = await createTestMember({ emailVerifiedAt: null, language: null });
    const english = await createTestMember({ emailVerifiedAt: null, language: null });
    await sendVerificationEmail(hindi);
    await sendVerificationEmail(fromHindiPage, { pageLanguage: "hi" });
    await sendVerificationEmail(english);

    for (const member of [hindi, fromHindiPage]) {
      const [mail] = await outboxTo(member.email);
      expectHindi(mail);
      expect(mail.subject).toBe(`${PRODUCT_NAME} के लिए अपना ईमेल पता सत्यापित करें`);
      expect(mail.text).toContain(`${APP_ORIGIN}/email/verify/${member.id}/`);
    }
    const [mail] = await outboxTo(english.email);
    expect(mail.subject).toBe(`Verify your email address for ${PRODUCT_NAME}`);
    expect(mail.html).toContain(">Verify my email address</a>");
  });

  test("password reset: a Hindi member's link mail is in Hindi; an admin's stays English on a Hindi page", async () => {
    const member = await createTestMember({ language: "hi" });
    const admin = await createTestAdmin();
    await requestPasswordReset({ email: member.email, address: "203.0.113.30" });
    await requestPasswordReset({ email: admin.email, address: "203.0.113.31", audience: "admin", pageLanguage: "hi" });

    const [mail] = await outboxTo(member.email);
    expectHindi(mail);
    expect(mail.subject).toBe("पासवर्ड बदलने का लिंक");
    expect(mail.text).toMatch(new RegExp(`${APP_ORIGIN}/resetpassword/\\S+`));
    const [adminMail] = await outboxTo(admin.email);
    expect(adminMail.subject).toBe("Reset Password Notification");
    expect(adminMail.text).toContain("You are receiving this email because");
  });

  test("the payout account code of a Hindi member without a password is in Hindi", async () => {
    const member = await createTestMember({ language: "hi", passwordHash: null });
    expect(await sendPayoutAccountCode(member.id)).toMatchObject({ ok: true });
    const [mail] = await outboxTo(member.email);
    expectHindi(mail);
    expect(mail.text).toMatch(/कोड \d{6} है।/);
  });
});

describe("mails queued by the jobs", () => {
  test("the inactivity warning is in the member's language, with the date and points in Hindi", async () => {
    const now = new Date("2030-03-14T12:00:00.000Z");
    const lastActiveAt = new Date(monthsBefore(now, 6).getTime() + 10 * 24 * 60 * 60 * 1000);
    const hindi = await createTestMember({ language: "hi", lastActiveAt, pointsBalance: 0 });
    const english = await createTestMember({ lastActiveAt });
    await runInactivityPass({ now });

    const [mail] = await queuedTo(hindi.email);
    expectHindi(mail);
    expect(mail.text).toContain("28 मार्च 2030");
    expect(mail.text).toContain(`${APP_ORIGIN}/login`);
    const [englishMail] = await queuedTo(english.email);
    expect(englishMail.subject).toBe(`Your ${PRODUCT_NAME} account will soon become inactive`);
    expect(englishMail.text).toContain("if you do not sign in by 28 March 2030, your account will be set inactive.");
  });

  test("a survey invitation is in Hindi for a Hindi member and unchanged for an English one", async () => {
    const admin = await createTestAdmin();
    const hindi = await createTestMember({ language: "hi" });
    const english = await createTestMember();
    const survey = await createTestSurvey({ name: "Chai <habits> & snacks" });
    for (const member of [hindi, english]) {
      expect(await assignSurvey(admin, survey, { memberId: member.id, screenerId: null, points: 10 })).toMatchObject({
        ok: true,
      });
    }
    const [mail] = await queuedTo(hindi.email);
    expectHindi(mail, ["Chai", "habits", "snacks", "amp", "lt", "gt"]);
    expect(mail.subject).toBe("नया सर्वे आपके लिए: Chai <habits> & snacks");
    expect(mail.html).toContain("<strong>Chai &lt;habits&gt; &amp; snacks</strong>");
    expect(mail.html).toContain(`<a href="${APP_ORIGIN}/dashboard">अपना डैशबोर्ड खोलें</a>`);
    const [englishMail] = await queuedTo(english.email);
    expect(englishMail.subject).toBe("New survey available: Chai <habits> & snacks");
    expect(englishMail.html).toContain(`<a href="${APP_ORIGIN}/dashboard">Open your dashboard</a> to start.`);
  });
});
