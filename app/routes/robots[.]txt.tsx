import { getEnv } from "~/lib/env.server";

// Crawlers may read the public pages; the member area, the back office and the auth endpoints are
// of no use in search results (and need a sign-in anyway).
const PRIVATE_PATHS = [
  "/admin",
  "/dashboard",
  "/details",
  "/help",
  "/points",
  "/account",
  "/activities",
  "/email/",
  "/auth/",
  "/dev/",
];

export function loader() {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL("/sitemap.xml", getEnv().APP_URL).href}`,
  ];
  return new Response(`${lines.join("\n")}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
