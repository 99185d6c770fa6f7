import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin";
import { createAdmin, createMember, type MemberFixture } from "./fixtures";

// Playwright's `test` with this project's fixtures (docs/testing.md). Import `test` and `expect`
// from here instead of @playwright/test, then ask for what the test needs:
//
//   test("…", async ({ memberPage, member }) => …)    a fresh member, signed in on this page
//   test.use({ memberOptions: { firstName: "Asha", password: "…" } })   …made with these options
//   test("…", async ({ adminPage, admin }) => …)      a fresh admin, signed in through /admin
//   test("…", async ({ ownAddress, page }) => …)      this test's browser comes from its own address
//
// Each fixture is made only when a test asks for it, through the server's /dev/fixtures.

export const MEMBER_PASSWORD = "Member#Fixture-42";

/**
 * Gives this browser context (or page) a client address of its own: the app trusts the proxy's
 * X-Forwarded-For in the tests, so per-address limits (sign-in, registration) never carry over
 * from another test.
 */
export async function useOwnAddress(target: BrowserContext | Page): Promise<string> {
  const part = () => Math.floor(Math.random() * 250) + 1;
  const address = `10.${part()}.${part()}.${part()}`;
  await target.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return address;
}

interface Fixtures {
  /** Options for the `member` fixture (set with test.use); signed in always. */
  memberOptions: Omit<MemberFixture, "signIn">;
  /** A fresh member, signed in on this test's browser context; its password is MEMBER_PASSWORD unless given. */
  member: { id: number; email: string; password: string };
  /** The test's page, with `member` signed in. */
  memberPage: Page;
  /** A fresh admin of this test (not the seeded demo admin). */
  admin: { email: string; password: string; name: string };
  /** The test's page, signed in through /admin as `admin`, on the dashboard. */
  adminPage: Page;
  /** This test's own client address (X-Forwarded-For), set on its browser context. */
  ownAddress: string;
}

export const test = base.extend<Fixtures>({
  memberOptions: [{}, { option: true }],
  member: async ({ context, memberOptions }, use, testInfo) => {
    const password = memberOptions.password ?? MEMBER_PASSWORD;
    const created = await createMember(context, testInfo, { ...memberOptions, password, signIn: true });
    await use({ ...created, password });
  },
  memberPage: async ({ page, member }, use) => {
    void member;
    await use(page);
  },
  admin: async ({ context }, use, testInfo) => {
    await use(await createAdmin(context, testInfo));
  },
  adminPage: async ({ page, admin }, use) => {
    await signInAsAdmin(page, admin);
    await use(page);
  },
  ownAddress: async ({ context }, use) => {
    await use(await useOwnAddress(context));
  },
});

export { expect };
