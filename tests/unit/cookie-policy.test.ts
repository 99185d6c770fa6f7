import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { COOKIES, cookieSections } from "~/content/cookies";
import { COOKIE_NAMES } from "~/lib/session-cookie.server";

// The Cookie Policy's table must list every cookie the app sets (issue 21): a cookie added to the
// code without its row fails here. Every cookie is named by cookieIdentity(base), whose base must be
// one of COOKIE_NAMES (its type says so); on plain http the cookie is called `__${base}`.

const APP = path.resolve(import.meta.dirname, "../../app");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The policy's table as the page renders it: the first cell of each body row. */
function cookiesInPolicy(): string[] {
  const section = cookieSections("support@example.com").find((candidate) => candidate.id === "cookies-we-use");
  // A section's body may also be a function of `t`; this one is English only (decision 074).
  const content = typeof section?.body === "function" ? null : section?.body;
  const html = renderToStaticMarkup(createElement(Fragment, null, content));
  const rows = html.slice(html.indexOf("<tbody>"));
  return [...rows.matchAll(/<tr[^>]*><td[^>]*>([^<]+)<\/td>/g)].map((match) => match[1]!).sort();
}

describe("the Cookie Policy's table", () => {
  test("lists every cookie the app sets, and no cookie it does not set", () => {
    const inCode = COOKIE_NAMES.map((name) => `__${name}`).sort();
    expect(inCode).toEqual(
      expect.arrayContaining([
        "__member",
        "__admin",
        "__toast",
        "__google_oauth",
        "__lng",
        "__registration",
        "__device",
      ]),
    );
    expect(cookiesInPolicy()).toEqual(inCode);
  });

  test("every module that creates a cookie names it through cookieIdentity, so COOKIE_NAMES holds it", () => {
    const creators = sourceFiles(path.join(APP))
      .map((file) => ({ file: path.relative(APP, file), text: readFileSync(file, "utf8") }))
      .filter(({ text }) => /\bcreateCookie(SessionStorage)?\(/.test(text));
    expect(creators.map(({ file }) => file)).toEqual(
      expect.arrayContaining(["i18n/i18n.server.ts", "domain/identity-signals.server.ts"]),
    );
    for (const { file, text } of creators) {
      const creations = text.match(/\bcreateCookie(SessionStorage)?\(/g)!.length;
      const named = text.match(/\bcookieIdentity\(/g)?.length ?? 0;
      expect(named, `${file} creates a cookie without naming it through cookieIdentity`).toBeGreaterThanOrEqual(
        creations,
      );
    }
  });

  test("says for each cookie what it does, how long it lasts and whether it is essential", () => {
    for (const cookie of COOKIES) {
      expect(cookie.purpose.length, cookie.name).toBeGreaterThan(20);
      expect(cookie.lasts, cookie.name).not.toBe("");
      expect(cookie.essential, cookie.name).toMatch(/^(Yes|No)\b/);
    }
  });
});
