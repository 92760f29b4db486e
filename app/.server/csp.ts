/**
 * The enforced Content-Security-Policy of every HTML page (docs/security.md). Shopper pages run no
 * script at all (`nonce` null): their policy is the same for every response, so it can be cached.
 */
export function contentSecurityPolicy(
  nonce: string | null,
  extra: { formAction?: string[]; scripts?: string[]; frames?: string[]; connect?: string[] } = {},
): string {
  return [
    "default-src 'self'",
    nonce === null ? "script-src 'none'" : ['script-src', "'self'", `'nonce-${nonce}'`, ...(extra.scripts ?? [])].join(' '),
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    ['connect-src', "'self'", ...(extra.connect ?? [])].join(' '),
    ...(extra.frames?.length ? [['frame-src', ...extra.frames].join(' ')] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    // A form answered with a redirect elsewhere (Shopify's approval, Stripe's checkout) needs that origin here.
    ['form-action', "'self'", ...(extra.formAction ?? [])].join(' '),
  ].join('; ')
}

/** The origins our pages hand the browser to: sign-in with Google, Shopify's approval, Stripe. */
export function policyExtras(e: { google: unknown; stripePublishableKey: string | null; stripeTestOrigin: string | null }) {
  const stripe = e.stripePublishableKey !== null
  return {
    formAction: [
      ...(e.google ? ['https://accounts.google.com'] : []),
      'https://*.myshopify.com',
      ...(stripe ? ['https://checkout.stripe.com', 'https://billing.stripe.com'] : []),
      ...(e.stripeTestOrigin ? [e.stripeTestOrigin] : []),
    ],
    // Stripe.js and its card fields (the embedded checkout panel).
    scripts: stripe ? ['https://js.stripe.com'] : [],
    frames: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [],
    connect: stripe ? ['https://api.stripe.com'] : [],
  }
}
