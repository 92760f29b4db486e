import type { Page } from '@playwright/test'

/**
 * A stand-in for Stripe.js (no internet here): served for https://js.stripe.com/* so the card form
 * runs in the browser as built (Preact, @stripe/react-stripe-js, our CSP). Its Payment Element is
 * one text box; confirmPayment records what it was given and answers with `answer`.
 */
export async function serveFakeStripeJs(page: Page, answer: { type: string; message?: string } | null) {
  const script = `(() => {
    const answer = ${JSON.stringify(answer)};
    function Stripe(key) {
      window.__stripe = { key, confirmed: [] };
      const element = {
        handlers: {},
        mount(node) {
          const target = typeof node === 'string' ? document.querySelector(node) : node;
          target.innerHTML = '<label>Card number <input name="fake-card" autocomplete="cc-number"></label>';
          setTimeout(() => (this.handlers.ready || []).forEach((h) => h({ elementType: 'payment' })));
        },
        on(event, handler) { (this.handlers[event] = this.handlers[event] || []).push(handler); return this; },
        off(event, handler) { this.handlers[event] = (this.handlers[event] || []).filter((h) => h !== handler); return this; },
        update() {}, destroy() {}, unmount() {},
      };
      const elements = {
        create(type, options) { window.__stripe.created = type; return element; },
        getElement() { return element; },
        update(options) {}, fetchUpdates() { return Promise.resolve({}); }, submit() { return Promise.resolve({}); },
      };
      return {
        _registerWrapper() {}, registerAppInfo() {},
        elements(options) { window.__stripe.clientSecret = options && options.clientSecret; return elements; },
        createToken() {}, createPaymentMethod() {}, confirmCardPayment() {},
        confirmPayment(args) {
          window.__stripe.confirmed.push({ returnUrl: args.confirmParams.return_url, email: args.confirmParams.receipt_email,
            card: document.querySelector('input[name=fake-card]').value });
          return Promise.resolve(answer ? { error: answer } : {});
        },
      };
    }
    Stripe.version = 'endive';
    window.Stripe = Stripe;
  })();`
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: script }),
  )
}
