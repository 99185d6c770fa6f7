import { PUBLIC_PAGES, type PublicPage } from "~/content/pages";
import { getEnv } from "~/lib/env.server";

// The public pages from the one list in app/content/pages.ts, as absolute URLs under APP_URL.
export function loader() {
  const base = getEnv().APP_URL;
  const urls = Object.values(PUBLIC_PAGES as Record<string, PublicPage>).map((page) =>
    [
      "  <url>",
      `    <loc>${escapeXml(new URL(page.path, base).href)}</loc>`,
      ...(page.lastModified ? [`    <lastmod>${page.lastModified}</lastmod>`] : []),
      "  </url>",
    ].join("\n"),
  );
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
