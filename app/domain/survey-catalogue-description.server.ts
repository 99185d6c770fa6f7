import sanitizeHtml from "sanitize-html";

// A survey's description is limited rich text written by admins and shown to every member, so it is
// sanitised here, on the server, before it is stored; pages render only the stored result. The
// allowlist is parser-based (sanitize-html on htmlparser2): anything not listed is dropped,
// script and style elements with their content. See docs/decisions/020-survey-catalogue.md.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "ul", "ol", "li", "a", "h3", "h4"],
  allowedAttributes: { a: ["href", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Kept as their text: a description only needs the few tags above.
  disallowedTagsMode: "discard",
  transformTags: {
    b: "strong",
    i: "em",
    // Links leave the panel without the page's referrer or authority; no target, so they open in
    // the same tab, which works the same with or without JavaScript.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: "noopener noreferrer nofollow",
      },
    }),
  },
};

/** The description as it may be stored and rendered. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
