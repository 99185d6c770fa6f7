import { createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  canonicalReturnUrl,
  RETURN_STATUSES,
  returnLinkTemplate,
  signReturnUrl,
  verifyReturnUrl,
} from "~/domain/survey-return-links.server";
import { getEnv } from "~/lib/env.server";

// The return links of external surveys: the templates given to vendors, signing and verifying.

const secret = "a".repeat(64);
const link = (status: string, token: string) =>
  returnLinkTemplate("complete").replace("status=complete", `status=${status}`).replace("{token}", token);

describe("return link templates", () => {
  test("each status has a link on the app's own address with a token placeholder", () => {
    const origin = new URL(getEnv().APP_URL).origin;
    expect(RETURN_STATUSES).toEqual(["complete", "terminate", "over_quota", "quality"]);
    for (const status of RETURN_STATUSES) {
      expect(returnLinkTemplate(status)).toBe(`${origin}/surveys/redirect?status=${status}&token={token}`);
    }
  });
});

describe("signing and verifying", () => {
  test("a signed link verifies, and the signature is the HMAC of the link as the vendor calls it", () => {
    const unsigned = link("complete", "tok_123");
    const signed = signReturnUrl(unsigned, secret);
    const expected = createHmac("sha256", secret).update(unsigned).digest("hex");
    expect(signed).toBe(`${unsigned}&signature=${expected}`);
    expect(verifyReturnUrl(signed, secret)).toBe(true);
  });

  test("a tampered status, token or signature fails", () => {
    const signed = signReturnUrl(link("terminate", "tok_123"), secret);
    expect(verifyReturnUrl(signed.replace("status=terminate", "status=complete"), secret)).toBe(false);
    expect(verifyReturnUrl(signed.replace("token=tok_123", "token=tok_124"), secret)).toBe(false);
    const signature = new URL(signed).searchParams.get("signature") ?? "";
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`;
    expect(verifyReturnUrl(signed.replace(signature, flipped), secret)).toBe(false);
    expect(verifyReturnUrl(signed.replace(signature, signature.slice(0, 10)), secret)).toBe(false);
    expect(verifyReturnUrl(signed.replace(signature, "z".repeat(64)), secret)).toBe(false);
  });

  test("a wrong secret, a missing signature, a repeated one or a non-URL fails", () => {
    const signed = signReturnUrl(link("complete", "tok_1"), secret);
    expect(verifyReturnUrl(signed, "b".repeat(64))).toBe(false);
    expect(verifyReturnUrl(signed, "")).toBe(false);
    expect(verifyReturnUrl(link("complete", "tok_1"), secret)).toBe(false);
    const signature = new URL(signed).searchParams.get("signature");
    expect(verifyReturnUrl(`${signed}&signature=${signature}`, secret)).toBe(false);
    expect(verifyReturnUrl("not a url", secret)).toBe(false);
    expect(verifyReturnUrl("javascript:alert(1)?signature=00", secret)).toBe(false);
  });

  test("another origin or path fails: the origin and path are signed too", () => {
    const signed = signReturnUrl(link("complete", "tok_1"), secret);
    const url = new URL(signed);
    expect(verifyReturnUrl(signed.replace(url.origin, "https://evil.example"), secret)).toBe(false);
    expect(verifyReturnUrl(signed.replace("/surveys/redirect", "/surveys/redirect2"), secret)).toBe(false);
  });

  test("the parameter order does not matter, and a vendor's extra parameters are signed too", () => {
    const origin = new URL(getEnv().APP_URL).origin;
    const signed = signReturnUrl(`${origin}/surveys/redirect?token=t1&status=quality&vendor=x`, secret);
    expect(signed).toMatch(/\?status=quality&token=t1&vendor=x&signature=[0-9a-f]{64}$/);
    const signature = new URL(signed).searchParams.get("signature");
    expect(
      verifyReturnUrl(`${origin}/surveys/redirect?signature=${signature}&vendor=x&token=t1&status=quality`, secret),
    ).toBe(true);
    expect(
      verifyReturnUrl(`${origin}/surveys/redirect?signature=${signature}&vendor=y&token=t1&status=quality`, secret),
    ).toBe(false);
    expect(verifyReturnUrl(`${origin}/surveys/redirect?signature=${signature}&token=t1&status=quality`, secret)).toBe(
      false,
    );
  });

  test("the canonical form encodes names and values alike however they were written, and drops the fragment", () => {
    expect(canonicalReturnUrl("https://panel.test/r?b=x%20y&a=%7Bz%7D#frag")).toBe(
      "https://panel.test/r?a=%7Bz%7D&b=x%20y",
    );
    expect(canonicalReturnUrl("https://panel.test/r?b=x+y&a={z}")).toBe("https://panel.test/r?a=%7Bz%7D&b=x%20y");
    expect(canonicalReturnUrl("HTTPS://PANEL.test/r")).toBe("https://panel.test/r");
    expect(canonicalReturnUrl("ftp://panel.test/r")).toBeNull();
  });

  test("signing replaces an earlier signature", () => {
    const once = signReturnUrl(link("complete", "tok_9"), secret);
    expect(signReturnUrl(once, secret)).toBe(once);
    expect(() => signReturnUrl("nonsense", secret)).toThrow();
  });
});
