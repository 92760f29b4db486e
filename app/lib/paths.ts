/** Where the owner's screens about one page live (v2 is the main view; /product/{id} keeps working). */
export const ownerPagePath = (id: string) => `/productv2/${encodeURIComponent(id)}`
export const pageEditorPath = (id: string) => `/product-edit/${encodeURIComponent(id)}`
/** Connecting a Shopify store, coming back to `returnTo` (a same-site path) once it is connected. */
export const connectShopifyPath = (returnTo?: string | null) =>
  returnTo ? `/connect-shopify?${new URLSearchParams({ return_to: returnTo })}` : '/connect-shopify'
