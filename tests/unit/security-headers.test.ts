import { describe, expect, test } from "vitest";
import {
  applySecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  GOOGLE_CONSENT_ORIGIN,
  securityHeaders,
} from "~/lib/security-headers.server";
import { servedOverHttps } from "~/lib/session-cookie.server";

const served = { development: false, https: true };

/** The policy as a map from directive to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("the Content-Security-Policy", () => {
  test("allows only our own scripts and the inline ones carrying this document's nonce", () => {
    const policy = directives(contentSecurityPolicy("abc123=="));
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123=='"]);
    for (const sources of policy.values()) {
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
    }
  });

  test("keeps the page out of frames, plugins, foreign bases and foreign form targets", () => {
    const policy = directives(contentSecurityPolicy("n"));
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:"]);
  });

  test("lets a form post end at Google's consent screen only when asked to", () => {
    const policy = directives(contentSecurityPolicy("n", [GOOGLE_CONSENT_ORIGIN]));
    expect(policy.get("form-action")).toEqual(["'self'", "https://accounts.google.com"]);
  });
});

describe("securityHeaders", () => {
  test("a document gets the CSP and the other headers", () => {
    const headers = securityHeaders({ ...served, nonce: "n0nce" });
    expect(headers["Content-Security-Policy"]).toContain("script-src 'self' 'nonce-n0nce'");
    expect(headers).toMatchObject({
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Strict-Transport-Security": "max-age=31536000",
    });
    expect(headers["Permissions-Policy"]).toContain("camera=()");
  });

  test("data responses (no nonce) get everything but the CSP", () => {
    const headers = securityHeaders(served);
    expect(headers["Content-Security-Policy"]).toBeUndefined();
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });

  test("under the Vite dev server there is no CSP, so HMR keeps working", () => {
    const headers = securityHeaders({ ...served, development: true, nonce: "n" });
    expect(headers["Content-Security-Policy"]).toBeUndefined();
    expect(headers["X-Frame-Options"]).toBe("DENY");
  });

  test("HSTS only in production over https", () => {
    expect(servedOverHttps({ NODE_ENV: "production", APP_URL: "https://panel.example" })).toBe(true);
    expect(servedOverHttps({ NODE_ENV: "production", APP_URL: "http://localhost:3000" })).toBe(false);
    expect(servedOverHttps({ NODE_ENV: "development", APP_URL: "https://panel.example" })).toBe(false);
    expect(securityHeaders({ ...served, https: false })["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders(served)["Strict-Transport-Security"]).toBe("max-age=31536000");
  });

  test("applySecurityHeaders replaces what a route may have set", () => {
    const headers = new Headers({ "X-Frame-Options": "SAMEORIGIN", "Cache-Control": "no-store" });
    applySecurityHeaders(headers, { ...served, nonce: "n" });
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(headers.get("Content-Security-Policy")).toContain("'nonce-n'");
  });
});

test("a nonce is 128 random bits in base64, new every time", () => {
  const nonces = new Set(Array.from({ length: 100 }, createNonce));
  expect(nonces.size).toBe(100);
  for (const nonce of nonces) {
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  }
});
