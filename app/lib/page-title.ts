import { PRODUCT_NAME } from "./product";

/**
 * The `meta` of a page whose loader gives its name in the page's language as `title` (decision 074):
 * "पॉइंट्स | Survey Panel". Without the loader's data (an error page, say) the English name.
 */
export function titleMeta(english: string) {
  return ({ data }: { data?: unknown }) => [{ title: `${loadedTitle(data) ?? english} | ${PRODUCT_NAME}` }];
}

function loadedTitle(data: unknown): string | undefined {
  return data && typeof data === "object" && "title" in data && typeof data.title === "string" ? data.title : undefined;
}
