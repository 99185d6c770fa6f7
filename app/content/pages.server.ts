import { getT } from "~/i18n/i18n.server";
import { PRODUCT_NAME } from "~/lib/product";
import type { PageTexts } from "./pages";

/** A page's title and description in the request's language, for its loader to hand to pageMeta. */
export async function translatedPage(request: Request, page: PageTexts): Promise<PageTexts> {
  const t = await getT(request);
  return {
    title: t(page.title, { product: PRODUCT_NAME }),
    description: t(page.description, { product: PRODUCT_NAME }),
  };
}
