/** The product's identity: its name (page titles) and its key (the `{product}_headers` cookie). */
export const PRODUCT = {
  key: 'mbo',
  name: 'Merchant Back-office',
  basePath: '/app/',
} as const;

/** The cookie whose JSON object adds headers to every call (spec section 7). */
export const HEADERS_COOKIE = `${PRODUCT.key}_headers`;

/** Theme tokens of spec section 9. */
export const THEME = {
  colorPrimary: '#1957ff',
  colorSuccess: '#38c793',
  colorWarning: '#ffbf00',
  colorError: '#f52f3e',
  borderRadius: 8,
  controlHeight: 36,
} as const;
