/** The product's name, shown in the title bar, the header and mail. */
export const PRODUCT_NAME = "Survey Panel";
