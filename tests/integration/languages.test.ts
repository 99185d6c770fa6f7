import { describe, expect, test } from "vitest";
import { signInCookies } from "~/domain/sessions.server";
import { getLanguage } from "~/i18n/i18n.server";
import { getPrisma } from "~/lib/db.server";
import { action as chooseLanguage } from "~/routes/language";
import { createTestMember } from "../support/factories";
import { cookiePair, cookiesOf, formRequest, getRequest, ORIGIN, routeArgs, signedInMember } from "../support/requests";

// The member's language (issue 21 point 1, decision 074): chosen with the language form, remembered
// in this browser and in the profile, restored at sign-in; else the browser's languages; /admin is
// English whatever the choice.

const withHeaders = (path: string, headers: Record<string, string>) => new Request(new URL(path, ORIGIN), { headers });

describe("which language a page is in", () => {
  test("the browser's first language the site speaks, by preference; else English", async () => {
    expect(await getLanguage(withHeaders("/", { "Accept-Language": "hi-IN,hi;q=0.9,en;q=0.8" }))).toBe("hi");
    expect(await getLanguage(withHeaders("/", { "Accept-Language": "ta-IN,hi;q=0.6,en;q=0.5" }))).toBe("hi");
    expect(await getLanguage(withHeaders("/", { "Accept-Language": "ta-IN,en;q=0.6,hi;q=0.5" }))).toBe("en");
    expect(await getLanguage(withHeaders("/", { "Accept-Language": "fr-FR" }))).toBe("en");
    expect(await getLanguage(withHeaders("/", { "Accept-Language": ";;q=zz,," }))).toBe("en");
    expect(await getLanguage(getRequest("/"))).toBe("en");
  });

  test("the back office is English even for a Hindi browser", async () => {
    expect(await getLanguage(withHeaders("/admin/dashboard", { "Accept-Language": "hi" }))).toBe("en");
  });
});

describe("the language form", () => {
  test("a visitor's choice is remembered in the browser and wins over Accept-Language, and brings them back", async () => {
    const response = await chooseLanguage(
      routeArgs(formRequest("/language", undefined, { language: "hi", redirectTo: "/about-us" })),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/about-us");
    const cookie = cookiesOf(response);
    expect(await getLanguage(withHeaders("/", { Cookie: cookie, "Accept-Language": "en" }))).toBe("hi");
  });

  test("a signed-in member's choice is kept in the profile, and a sign-in on another device restores it", async () => {
    const { member, cookie } = await signedInMember();
    await chooseLanguage(routeArgs(formRequest("/language", cookie, { language: "hi", redirectTo: "/points" })));
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).language).toBe("hi");
    // Another browser, which says English: signing in brings Hindi back.
    const cookies = await signInCookies(member.id, { persistent: false, request: new Request(ORIGIN) });
    const browser = cookies.map(cookiePair).join("; ");
    expect(await getLanguage(withHeaders("/dashboard", { Cookie: browser, "Accept-Language": "en" }))).toBe("hi");
  });

  test("a member who never chose gets no language cookie at sign-in: the browser decides", async () => {
    const member = await createTestMember();
    const cookies = await signInCookies(member.id, { persistent: false, request: new Request(ORIGIN) });
    expect(cookies).toHaveLength(1);
  });

  test("an unknown language or a foreign address changes nothing and never leaves the site", async () => {
    const { member, cookie } = await signedInMember();
    const unknown = await chooseLanguage(
      routeArgs(formRequest("/language", cookie, { language: "xx", redirectTo: "/points" })),
    );
    expect(unknown.headers.get("Location")).toBe("/points");
    expect(unknown.headers.getSetCookie()).toEqual([]);
    expect((await getPrisma().member.findUniqueOrThrow({ where: { id: member.id } })).language).toBeNull();
    const away = await chooseLanguage(
      routeArgs(formRequest("/language", cookie, { language: "en", redirectTo: "//evil.example/x" })),
    );
    expect(away.headers.get("Location")).toBe("/");
  });

  test("a cross-site post is refused", async () => {
    const request = new Request(new URL("/language", ORIGIN), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: new URLSearchParams({ language: "hi" }).toString(),
    });
    await expect(chooseLanguage(routeArgs(request))).rejects.toMatchObject({ status: 403 });
  });
});
