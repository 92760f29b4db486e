/** `${publicUrl}/demo-shop/{shop}`: what `https://{shop}` means for a demo shop. */
export function demoShopOrigin(publicUrl: string, shopDomain: string): string {
  return `${publicUrl.replace(/\/$/, '')}/demo-shop/${shopDomain}`
}
