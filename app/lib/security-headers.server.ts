import { randomBytes } from "node:crypto";

// The security headers of every response the app renders (docs/decisions/029-security-headers.md).
// Pure: app/entry.server.tsx says what kind of response it is and how the app is deployed.

export type SecurityHeaderOptions = {
  /** The document's script nonce; only HTML documents get a Content-Security-Policy. */
  nonce?: string;
  /**
   * Served by Vite's dev server: no CSP there, since its HMR client and React refresh preamble are
   * inline scripts without our nonce and its updates come over a websocket.
   */
  development: boolean;
  /** HSTS only when the app is really served over https: `servedOverHttps()`, as the Secure cookies. */
  https: boolean;
  /**
   * Origins a form post may end up at through a redirect (Chrome applies form-action to the
   * redirects after a submission): Google's consent screen when /auth/google is posted to.
   */
  formTargets?: readonly string[];
};

export const GOOGLE_CONSENT_ORIGIN = "https://accounts.google.com";

/** 128 random bits, fresh for every document. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Scripts: our own files (module scripts, modulepreload, lazily imported route modules) and the
 * inline scripts Remix and React render with the nonce. No 'unsafe-inline' fallback: every browser
 * that runs module scripts (all the app's JavaScript is modules) understands nonces. Styles: the
 * built CSS file only; the app renders no style attributes, and the ones React sets after hydration
 * go through the CSSOM, which CSP does not restrict.
 */
export function contentSecurityPolicy(nonce: string, formTargets: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    ["form-action 'self'", ...formTargets].join(" "),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    // frame-ancestors for browsers that predate it.
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  };
  if (options.https) {
    // A year, this host only: other hosts of the domain may not be ready for https.
    headers["Strict-Transport-Security"] = "max-age=31536000";
  }
  if (options.nonce !== undefined && !options.development) {
    headers["Content-Security-Policy"] = contentSecurityPolicy(options.nonce, options.formTargets);
  }
  return headers;
}

export function applySecurityHeaders(headers: Headers, options: SecurityHeaderOptions): void {
  for (const [name, value] of Object.entries(securityHeaders(options))) headers.set(name, value);
}
