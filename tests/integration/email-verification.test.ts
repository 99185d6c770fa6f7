import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, test, vi } from "vitest";
import { EMAIL_VERIFIED } from "~/domain/email-verification";
import {
  checkVerificationLink,
  emailHash,
  TOO_MANY_ATTEMPTS,
  verificationLink,
  type VerificationLinkParts,
} from "~/domain/email-verification.server";
import { clearOutbox, listOutbox } from "~/domain/mail.server";
import { startMemberSession } from "~/domain/sessions.server";
import { getPrisma } from "~/lib/db.server";
import { consumeRateLimit, RATE_LIMITS } from "~/lib/rate-limit.server";
import * as landing from "~/routes/email.verify.$id.$hash";
import * as verifyPage from "~/routes/email.verify._index";
import { createTestMember } from "../support/factories";
import { expectData, expectRedirect } from "../support/remix";

// The mail goes to a file outbox of this file's own; getEnv() reads the settings on first use.
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "verify-mail-"));
vi.stubEnv("MAIL_OUTBOX_DIR", outbox);
vi.stubEnv("SMTP_URL", "");
vi.stubEnv("APP_URL", "http://localhost:3000");

afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(outbox, { recursive: true, force: true });
});

beforeEach(() => clearOutbox());

async function unverifiedMember(email = "asha@example.com") {
  return createTestMember({ email, emailVerifiedAt: null });
}

async function cookieFor(memberId: number): Promise<string> {
  const request = new Request("http://localhost:3000/login");
  return (await startMemberSession(memberId, { persistent: false, request })).split(";")[0];
}

function partsOf(link: string): VerificationLinkParts {
  const url = new URL(link);
  const [, , , id, hash] = url.pathname.split("/");
  return { id, hash, expires: url.searchParams.get("expires"), signature: url.searchParams.get("signature") };
}

function withPart(link: string, change: (url: URL) => void): string {
  const url = new URL(link);
  change(url);
  return url.toString();
}

const noOne = { signedInMemberId: null };

describe("the link", () => {
  test("is absolute, from APP_URL, and carries id, e-mail hash, expiry and signature", async () => {
    const member = await unverifiedMember("Asha@Example.com".toLowerCase());
    const now = new Date("2026-05-01T10:00:00Z");
    const link = verificationLink(member, now);
    const url = new URL(link);
    expect(url.origin).toBe("http://localhost:3000");
    expect(url.pathname).toBe(`/email/verify/${member.id}/${emailHash("asha@example.com")}`);
    expect(url.searchParams.get("expires")).toBe(String(now.getTime() / 1000 + 3600));
    expect(url.searchParams.get("signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(await checkVerificationLink(partsOf(link), { ...noOne, now })).toMatchObject({ ok: true });
  });

  test("a changed signature, id, hash or expiry is refused", async () => {
    const member = await unverifiedMember();
    const other = await unverifiedMember("ravi@example.com");
    const link = verificationLink(member);
    const signature = partsOf(link).signature ?? "";
    const tampered = [
      withPart(link, (url) =>
        url.searchParams.set("signature", `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`),
      ),
      withPart(link, (url) => url.searchParams.set("signature", "zz")),
      withPart(link, (url) => url.searchParams.delete("signature")),
      withPart(link, (url) => url.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600))),
      withPart(link, (url) => (url.pathname = url.pathname.replace(`/${member.id}/`, `/${other.id}/`))),
      withPart(link, (url) => (url.pathname = url.pathname.replace(/[0-9a-f]{64}$/, emailHash("ravi@example.com")))),
    ];
    for (const forged of tampered) {
      expect(await checkVerificationLink(partsOf(forged), noOne)).toMatchObject({ ok: false, failure: "invalid" });
    }
  });

  test("expires after 60 minutes", async () => {
    const member = await unverifiedMember();
    const sent = new Date("2026-05-01T10:00:00Z");
    const link = verificationLink(member, sent);
    const at = (minutes: number) => ({ ...noOne, now: new Date(sent.getTime() + minutes * 60_000) });
    expect(await checkVerificationLink(partsOf(link), at(59))).toMatchObject({ ok: true });
    expect(await checkVerificationLink(partsOf(link), at(60))).toMatchObject({ ok: false, failure: "expired" });
  });

  test("is refused once the member's e-mail has changed, or for another signed-in member", async () => {
    const member = await unverifiedMember();
    const link = verificationLink(member);
    expect(await checkVerificationLink(partsOf(link), { signedInMemberId: member.id + 1 })).toMatchObject({
      ok: false,
      failure: "other-member",
    });
    await getPrisma().member.update({ where: { id: member.id }, data: { email: "asha.new@example.com" } });
    expect(await checkVerificationLink(partsOf(link), noOne)).toMatchObject({ ok: false, failure: "email-changed" });
  });
});

describe("the landing page", () => {
  function landingRequest(link: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
    const url = new URL(link);
    return new Request(`http://localhost:3000${url.pathname}${url.search}`, init);
  }
  function paramsOf(link: string) {
    const { id, hash } = partsOf(link);
    return { id, hash };
  }
  async function open(link: string, headers: Record<string, string> = {}) {
    const result = await landing.loader({
      request: landingRequest(link, { headers }),
      params: paramsOf(link),
      context: {},
    });
    return expectData(result);
  }
  async function confirm(link: string, headers: Record<string, string> = {}) {
    const request = landingRequest(link, { method: "POST", headers });
    return expectData(await landing.action({ request, params: paramsOf(link), context: {} }));
  }

  test("opening the link changes nothing; the POST verifies, and again is harmless", async () => {
    const member = await unverifiedMember();
    const link = verificationLink(member);
    expect((await open(link)).data).toEqual({ state: "ready", message: null, title: "Email verification" });
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).emailVerifiedAt).toBeNull();

    const confirmed = await confirm(link);
    expect(confirmed.data).toEqual({ status: "success" });
    const verifiedAt = (await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).emailVerifiedAt;
    expect(verifiedAt).toBeInstanceOf(Date);

    expect((await confirm(link)).data.status).toBe("success");
    expect((await open(link)).data).toEqual({
      state: "verified",
      message: EMAIL_VERIFIED,
      title: "Email verification",
    });
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).emailVerifiedAt).toEqual(
      verifiedAt,
    );
  });

  test("a tampered link is refused and verifies nothing", async () => {
    const member = await unverifiedMember();
    const link = withPart(verificationLink(member), (url) => url.searchParams.set("expires", "9999999999"));
    const confirmed = await confirm(link);
    expect(confirmed.init?.status).toBe(400);
    expect(confirmed.data.error?.[""]?.[0]).toMatch(/^This verification link is not valid\./);
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).emailVerifiedAt).toBeNull();
  });

  test("works signed out or signed in as the member, and refuses another signed-in member", async () => {
    const member = await unverifiedMember();
    const other = await unverifiedMember("ravi@example.com");
    const link = verificationLink(member);
    const refused = await confirm(link, { Cookie: await cookieFor(other.id) });
    expect(refused.init?.status).toBe(403);
    expect(refused.data.error?.[""]?.[0]).toMatch(/another account/);
    expect((await confirm(link, { Cookie: await cookieFor(member.id) })).data.status).toBe("success");
  });

  test("is limited per address with the spec's 429 message", async () => {
    const member = await unverifiedMember();
    for (let i = 0; i < RATE_LIMITS.verifyLinkChecks.limit(); i += 1)
      await consumeRateLimit(RATE_LIMITS.verifyLinkChecks, "192.0.2.9");
    const refused = await confirm(verificationLink(member), { "X-Panel-Client-Address": "192.0.2.9" });
    expect(refused.init?.status).toBe(429);
    expect(refused.data).toEqual({ status: "error", error: { "": [TOO_MANY_ATTEMPTS] } });
    expect(new Headers(refused.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).emailVerifiedAt).toBeNull();
  });

  test("a cross-site POST is refused", async () => {
    const member = await unverifiedMember();
    const link = verificationLink(member);
    const request = landingRequest(link, { method: "POST", headers: { Origin: "https://evil.example" } });
    const thrown = await landing
      .action({ request, params: paramsOf(link), context: {} })
      .catch((error: unknown) => error);
    expect((thrown as Response).status).toBe(403);
  });
});

describe("the VerifyEmail page", () => {
  async function openPage(cookie: string) {
    const request = new Request("http://localhost:3000/email/verify", { headers: { Cookie: cookie } });
    return expectData(await verifyPage.loader({ request, params: {}, context: {} }));
  }
  async function resend(cookie: string) {
    const request = new Request("http://localhost:3000/email/verify", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    return verifyPage.action({ request, params: {}, context: {} });
  }
  async function endCooldown(memberId: number) {
    await getPrisma().rateLimit.update({
      where: { key: `verify-email:cooldown:${memberId}` },
      data: { resetAt: new Date(Date.now() - 1000) },
    });
  }

  test("sends a link on first opening, and not again within 60 s", async () => {
    const member = await unverifiedMember();
    const cookie = await cookieFor(member.id);
    const first = await openPage(cookie);
    expect(first.data).toMatchObject({ verified: false, resendInSeconds: 60, notice: null });
    const mail = await listOutbox();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: "asha@example.com" });
    const link = mail[0].text.match(/http:\/\/localhost:3000\/email\/verify\/\S+/)?.[0] ?? "";
    expect(await checkVerificationLink(partsOf(link), noOne)).toMatchObject({ ok: true });
    expect(mail[0].html).toContain(link.replace(/&/g, "&amp;"));

    const again = await openPage(cookie);
    expect(again.data.resendInSeconds).toBeGreaterThan(55);
    expect(await listOutbox()).toHaveLength(1);
  });

  test("refuses an early resend with the seconds left, without touching the database", async () => {
    const member = await unverifiedMember();
    const cookie = await cookieFor(member.id);
    await openPage(cookie);
    const snapshot = async () => ({
      limits: await getPrisma().rateLimit.findMany({ orderBy: { key: "asc" } }),
      member: await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } }),
      tokens: await getPrisma().authToken.count(),
    });
    const before = await snapshot();

    const refused = expectData(await resend(cookie));
    expect(refused.init?.status).toBe(429);
    expect(refused.data.error?.[""]).toEqual([
      expect.stringMatching(/^Please wait \d+ seconds? before requesting another link\.$/),
    ]);
    expect(refused.data.pageState?.resendInSeconds).toBeGreaterThan(0);
    expect(new Headers(refused.init?.headers).get("Retry-After")).toMatch(/^\d+$/);

    expect(await snapshot()).toEqual(before);
    expect(await listOutbox()).toHaveLength(1);
  });

  test("resends after the cooldown, then answers 429 'Too Many Attempt's Try Again in 5 Minutes'", async () => {
    const member = await unverifiedMember();
    const cookie = await cookieFor(member.id);
    await openPage(cookie);
    for (let sent = 1; sent < RATE_LIMITS.verifyMailSends.limit(); sent += 1) {
      await endCooldown(member.id);
      const redirect = expectRedirect(await resend(cookie));
      expect(redirect.headers.get("Location")).toBe("/email/verify");
    }
    expect(await listOutbox()).toHaveLength(RATE_LIMITS.verifyMailSends.limit());

    await endCooldown(member.id);
    const refused = expectData(await resend(cookie));
    expect(refused.init?.status).toBe(429);
    expect(refused.data).toEqual({
      status: "error",
      error: { "": [TOO_MANY_ATTEMPTS] },
      pageState: { resendInSeconds: 0 },
    });
    expect(await listOutbox()).toHaveLength(RATE_LIMITS.verifyMailSends.limit());

    // The page itself sends nothing more either, and says why.
    const page = await openPage(cookie);
    expect(page.init?.status).toBe(429);
    expect(page.data.notice).toBe(TOO_MANY_ATTEMPTS);
    expect(await listOutbox()).toHaveLength(RATE_LIMITS.verifyMailSends.limit());
  });

  test("a verified member is told so and sent no mail", async () => {
    const member = await createTestMember({ email: "done@example.com" });
    const cookie = await cookieFor(member.id);
    expect((await openPage(cookie)).data).toMatchObject({ verified: true, email: "done@example.com" });
    expect(expectRedirect(await resend(cookie)).headers.get("Location")).toBe("/email/verify");
    expect(await listOutbox()).toHaveLength(0);
  });

  test("a visitor is sent to Login", async () => {
    const thrown = await verifyPage
      .loader({ request: new Request("http://localhost:3000/email/verify"), params: {}, context: {} })
      .catch((error: unknown) => error);
    expect(expectRedirect(thrown).headers.get("Location")).toBe("/login?redirectTo=%2Femail%2Fverify");
  });
});
