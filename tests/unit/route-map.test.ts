import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

// The route folder is the URL map (docs/routing.md): renaming or regrouping files there must not
// change a URL. This is every URL path the app answers, as app/routes.ts builds them; "(index)" marks
// an index route. A new route adds its line here on purpose.
const URL_MAP = `
/
/ (index)
/*
/about-survey
/about-us
/account (index)
/account/delete
/activities
/activities (index)
/activities/PointsRecords
/activities/appeal/:event
/activities/surveyRecords
/admin
/admin (index)
/admin/admins
/admin/admins (index)
/admin/admins/register
/admin/admins/view (index)
/admin/admins/view/:id
/admin/appeals
/admin/audit
/admin/audit/export.csv
/admin/dash
/admin/forgot-password
/admin/home
/admin/ledger/export.csv
/admin/lifecycle/:kind/:id
/admin/logout
/admin/payouts (index)
/admin/payouts/:id
/admin/payouts/:id/file
/admin/payouts/new
/admin/profilesurvey (index)
/admin/profilesurvey/:id
/admin/reset-password/:token
/admin/screener (index)
/admin/screener/list
/admin/screener/rules/:id
/admin/screener/view/:id
/admin/screenercreate
/admin/survey (index)
/admin/survey/:id
/admin/survey/:id/field
/admin/survey/:id/reconcile
/admin/survey/:id/results
/admin/survey/:id/results.csv
/admin/survey/build
/admin/survey/new
/admin/surveysassign
/admin/surveysassignv2 (index)
/admin/surveysassignv2/:id
/admin/surveysassignv2/demographics
/admin/two-factor
/admin/users
/admin/users/:id
/admin/users/export.csv
/admin/verify-code
/admin/withdrawal/export.csv
/admin/withdrawal/req
/admin/withdrawal/req/:referenceId
/api/surveys/:id/callback
/auth/google
/auth/google/respond
/cookie-policies
/custom-surveys
/dashboard
/details
/details (index)
/details/data (index)
/details/data.json
/details/data/csv/:table
/details/password
/details/profiledetails (index)
/details/profiledetails/:slug
/details/profiledetails/set/:id
/details/user
/email/verify (index)
/email/verify/:id/:hash
/healthz
/help
/home
/learn-more
/language
/login
/logout
/points
/prescreener/:survey
/privacy-policies
/readyz
/register
/register-more-info
/reset-password
/resetpassword/:token
/robots.txt
/scalibility
/sitemap.xml
/survey
/survey/start/:id
/surveys/redirect
/terms-and-conditions
/terms/agree
/view/survey/:slug
`;

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

const APP = path.resolve(__dirname, "../../app");

async function routeConfig(): Promise<RouteEntry[]> {
  // What the Remix Vite plugin sets before it evaluates app/routes.ts.
  (globalThis as { __remixAppDirectory?: string }).__remixAppDirectory = APP;
  return (await import("~/routes")).default as unknown as Promise<RouteEntry[]>;
}

function urlPaths(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    const line = entry.index ? `${own || "/"} (index)` : own || "/";
    return [line, ...urlPaths(entry.children ?? [], own)];
  });
}

function files(entries: RouteEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...files(entry.children ?? [])]);
}

describe("the route folder", () => {
  test("answers every URL the app has always answered, and no other", async () => {
    const expected = URL_MAP.trim().split("\n");
    const actual = [...new Set(urlPaths(await routeConfig()))];
    expect(actual.sort()).toEqual([...new Set(expected)].sort());
  });

  test("holds only routes and the server modules beside them", async () => {
    const routeFiles = new Set(files(await routeConfig()).map((file) => path.relative("routes", file)));
    const stray = readdirSync(path.join(APP, "routes"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(path.join(APP, "routes"), path.join(entry.parentPath, entry.name)))
      .filter((file) => !routeFiles.has(file) && !/\.server\.tsx?$/.test(file));
    expect(stray).toEqual([]);
  });
});
