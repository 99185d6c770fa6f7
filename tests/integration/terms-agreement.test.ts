import { describe, expect, test } from "vitest";
import { TERMS_VERSION } from "~/content/pages";
import { registrationBanner } from "~/domain/registration-schema";
import { TERMS_AGREEMENT_REQUIRED } from "~/domain/terms-agreement";
import { getPrisma } from "~/lib/db.server";
import { action as accountAction } from "~/routes/_member.account._index";
import { loader as dashboardLoader } from "~/routes/_member.dashboard";
import { loader as myDetailLoader } from "~/routes/_member.details.user";
import { action as registerAction } from "~/routes/_guest.register";
import type { RegisterResult } from "~/routes/_guest.register.server";
import { action as logoutAction } from "~/routes/logout";
import { action as agreeAction, loader as agreeLoader } from "~/routes/terms.agree";
import { passStepOne, STEP_TWO } from "../support/registration";
import { expectData, expectRedirect } from "../support/remix";
import { formRequest, getRequest, routeArgs, signedInMember, toastOf } from "../support/requests";

// The terms agreement (decision 067): registration needs the ticked box and records the version and
// the time; a member who agreed to an older version, or to none, is sent to /terms/agree by every
// member page (loaders and actions) and comes back to the page asked for once agreed; signing out
// stays possible.

// Step 2 without the terms box, which each test ticks or not.
const { terms: _ticked, ...UNTICKED } = STEP_TWO;

async function registerWith(extra: Record<string, string>) {
  // Step 1 is kept as the browser's draft (decision 076): step 2 posts with its cookie.
  const draft = await passStepOne();
  return registerAction(routeArgs(formRequest("/register", draft, { intent: "register", ...UNTICKED, ...extra })));
}

/** The redirect a guard throws, or fails. */
async function thrownRedirect(work: () => Promise<unknown>): Promise<Response> {
  const thrown = await work().then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return thrown as Response;
}

const storedAgreement = async (memberId: number) =>
  getPrisma().member.findUniqueOrThrow({
    where: { id: memberId },
    select: { termsAgreedVersion: true, termsAgreedAt: true },
  });

describe("registration", () => {
  test("without the ticked box step 2 is refused with a clear message and no account is made", async () => {
    const result = expectData(await registerWith({}));
    expect(result.init?.status).toBe(422);
    const answer = result.data as RegisterResult;
    expect(answer.pageState?.step).toBe(2);
    expect(answer.error?.terms).toEqual([TERMS_AGREEMENT_REQUIRED]);
    expect(registrationBanner(answer.error ?? {})).toBe(TERMS_AGREEMENT_REQUIRED);
    expect(await getPrisma().member.count()).toBe(0);
  });

  test("with the box ticked the member is created with the version and the time of the agreement", async () => {
    const before = Date.now();
    expect(await registerWith({ terms: "on" })).toRedirectTo("/email/verify");
    const member = await getPrisma().member.findUniqueOrThrow({ where: { email: "asha.rao@example.com" } });
    expect(member.termsAgreedVersion).toBe(TERMS_VERSION);
    expect(member.termsAgreedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(member.termsAgreedAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });
});

describe("asking again", () => {
  test("a member who never agreed is sent from the dashboard to agree, and back once agreed", async () => {
    const { member, cookie } = await signedInMember({ termsAgreedVersion: null, termsAgreedAt: null });
    const sent = await thrownRedirect(() => dashboardLoader(routeArgs(getRequest("/dashboard?page=2", cookie))));
    expect(sent).toRedirectTo("/terms/agree?redirectTo=%2Fdashboard%3Fpage%3D2");

    const page = await agreeLoader(routeArgs(getRequest("/terms/agree?redirectTo=%2Fdashboard%3Fpage%3D2", cookie)));
    expect(page).toMatchObject({ redirectTo: "/dashboard?page=2", neverAgreed: true });

    const agreed = expectRedirect(
      await agreeAction(
        routeArgs(formRequest("/terms/agree", cookie, { redirectTo: "/dashboard?page=2", terms: "on" })),
      ),
    );
    expect(agreed).toRedirectTo("/dashboard?page=2");
    expect(await toastOf(agreed)).toMatchObject({ type: "success" });
    expect((await storedAgreement(member.id)).termsAgreedVersion).toBe(TERMS_VERSION);
    await expect(dashboardLoader(routeArgs(getRequest("/dashboard", cookie)))).resolves.toBeTruthy();
  });

  test("a member who agreed to older terms is asked too, by actions and by My Detail", async () => {
    const agreedAt = new Date("2025-06-01T10:00:00Z");
    const { member, cookie } = await signedInMember({ termsAgreedVersion: "2025-05-01", termsAgreedAt: agreedAt });
    const fromAction = await thrownRedirect(() =>
      accountAction(routeArgs(formRequest("/account", cookie, { intent: "add-upi", upiId: "asha@upi" }))),
    );
    expect(fromAction).toRedirectTo("/terms/agree?redirectTo=%2Faccount");
    expect(await getPrisma().paymentAccount.count({ where: { memberId: member.id } })).toBe(0);
    const fromMyDetail = await thrownRedirect(() => myDetailLoader(routeArgs(getRequest("/details/user", cookie))));
    expect(fromMyDetail).toRedirectTo("/terms/agree?redirectTo=%2Fdetails%2Fuser");
    const page = await agreeLoader(routeArgs(getRequest("/terms/agree", cookie)));
    expect(page).toMatchObject({ neverAgreed: false, redirectTo: "/dashboard" });
  });

  test("agreeing without the box changes nothing and says what to do", async () => {
    const agreedAt = new Date("2025-06-01T10:00:00Z");
    const { member, cookie } = await signedInMember({ termsAgreedVersion: "2025-05-01", termsAgreedAt: agreedAt });
    const posts: Record<string, string>[] = [{ redirectTo: "/points" }, { redirectTo: "/points", terms: "yes" }];
    for (const fields of posts) {
      const refused = expectData(await agreeAction(routeArgs(formRequest("/terms/agree", cookie, fields))));
      expect(refused.init?.status).toBe(400);
      expect(refused.data.error?.terms).toEqual([TERMS_AGREEMENT_REQUIRED]);
    }
    expect(await storedAgreement(member.id)).toEqual({ termsAgreedVersion: "2025-05-01", termsAgreedAt: agreedAt });
  });

  test("the way back is a page of this site only", async () => {
    const { cookie } = await signedInMember({ termsAgreedVersion: null, termsAgreedAt: null });
    const agreed = await agreeAction(
      routeArgs(formRequest("/terms/agree", cookie, { redirectTo: "//evil.example/steal", terms: "on" })),
    );
    expect(agreed).toRedirectTo("/dashboard");
  });

  test("a member who already agreed is not asked: the page goes straight back", async () => {
    const { cookie } = await signedInMember();
    const sent = await thrownRedirect(() =>
      agreeLoader(routeArgs(getRequest("/terms/agree?redirectTo=/points", cookie))),
    );
    expect(sent).toRedirectTo("/points");
  });

  test("a member who has not agreed can still sign out", async () => {
    const { member, cookie } = await signedInMember({ termsAgreedVersion: null, termsAgreedAt: null });
    const response = expectRedirect(await logoutAction(routeArgs(formRequest("/logout", cookie, {}))));
    expect(response).toRedirectTo("/login");
    expect(await getPrisma().memberSession.count({ where: { memberId: member.id } })).toBe(0);
  });
});
