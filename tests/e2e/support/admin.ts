import { expect, type Page } from "@playwright/test";

/** The seeded demo admin: sign in with it only where nothing ends its sessions or spends its counter. */
export const DEMO_ADMIN = { email: "admin@panel.test", password: "Admin#12345", name: "Demo Admin" };

/** Signs in through /admin and waits for the dashboard. */
export async function signInAsAdmin(page: Page, admin: { email: string; password: string } = DEMO_ADMIN) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Login" }).click();
  // The first sign-ins of a run meet a cold server and several password checks at once.
  await expect(page).toHaveURL("/admin/dash", { timeout: 15_000 });
}
