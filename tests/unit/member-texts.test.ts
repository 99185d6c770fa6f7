import { describe, expect, it } from "vitest";
import { getT } from "~/i18n/i18n.server";
import { translateRemark, translateWith, usableFromIn } from "~/domain/member-texts";

// Remarks are stored in English with their values; Points History shows them in the member's
// language with the values kept (decision 074).
describe("ledger remarks in Hindi", () => {
  it("translates a withdrawal's remark with its account, the method in Hindi", async () => {
    const t = translateWith(await getT("hi"));
    expect(translateRemark(t, "Withdrawal to Bank · HDFC Bank ••••••••7890")).toBe(
      "निकासी: बैंक · HDFC Bank ••••••••7890 में",
    );
    expect(translateRemark(t, "Points returned: withdrawal WD261126ABCDEF rejected (Wrong IFSC)")).toBe(
      "पॉइंट्स वापस मिले: निकासी WD261126ABCDEF अस्वीकृत (Wrong IFSC)",
    );
  });

  it("keeps English as it is stored, and an unknown remark (an admin's words) unchanged", async () => {
    const en = translateWith(await getT("en"));
    expect(translateRemark(en, "Withdrawal to UPI · asha@okhdfc")).toBe("Withdrawal to UPI · asha@okhdfc");
    const hi = translateWith(await getT("hi"));
    expect(translateRemark(hi, "Bonus for the festival")).toBe("Bonus for the festival");
  });

  it("writes when a new account can receive withdrawals in the page's language", () => {
    expect(usableFromIn("en", "26 November 2026, 09:05 UTC")).toBe("26 November 2026, 09:05 UTC");
    expect(usableFromIn("hi", "26 November 2026, 09:05 UTC")).toContain("नवंबर");
  });
});
