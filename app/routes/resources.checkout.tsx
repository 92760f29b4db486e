import { json, redirect, type ActionFunctionArgs } from '@remix-run/node'
import { ApiError } from '~/.server/api'
import { apiFailure } from '~/.server/api-failure'
import { getApi, getOptionalUser } from '~/.server/auth'
import { env } from '~/.server/env'
import { redirectWithToast } from '~/.server/responses'
import { CHECKOUT_INTENT, checkoutSchema } from '~/forms/checkout'
import { formObject } from '~/forms/form-object'
import { PAYMENTS_NOT_CONFIGURED, priceIdFor, UNEXPECTED_PAYMENT_ERROR } from '../../server/domain/billing'
import { mayCheckout } from '../../server/domain/entitlements'
import { DEFAULT_UPGRADE_TITLE_PAID } from '../../server/domain/permissions'
import { safeRedirectPath } from '../../server/domain/routing'

export const loader = () => redirect('/')

/**
 * "Pay Now" of the upgrade dialog. Hosted: Stripe Checkout, opened in a new tab with JavaScript (the
 * dialog asks for JSON) or by a 303 redirect without it. Embedded: the subscription the card form
 * confirms (JSON only: the card form needs JavaScript).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json')
  const form = checkoutSchema.safeParse(formObject(await request.formData()))
  const back = safeRedirectPath(form.success ? form.data.return_to : null)
  const fail = (status: number, message: string) =>
    wantsJson ? json({ error: message }, { status }) : redirectWithToast(request, back, { type: 'error', text: message })
  const user = await getOptionalUser(request, context)
  // Not signed in: sign up first, then come back to the plans.
  const signUp = `/account/sign-up?redirectTo=${encodeURIComponent(back)}`
  if (!user) return wantsJson ? json({ redirect: signUp }) : redirect(signUp)
  if (!mayCheckout(user))
    return wantsJson
      ? json({ error: DEFAULT_UPGRADE_TITLE_PAID }, { status: 403 })
      : redirectWithToast(request, back, { type: 'info', text: DEFAULT_UPGRADE_TITLE_PAID })
  // No publishable key: this server takes no payments (the api would say the same).
  if (!env().stripePublishableKey) return fail(409, PAYMENTS_NOT_CONFIGURED)
  if (!form.success || !form.data.plan_id) return fail(400, 'Choose a plan first.')
  const { api } = await getApi(request, context)
  try {
    const plan = (await api.plans.list()).find((p) => p.id === form.data.plan_id)
    const testMode = env().stripePublishableKey!.startsWith('pk_test_')
    const priceId = plan ? priceIdFor(plan, testMode) : null
    if (!priceId) return fail(409, 'This plan cannot be bought online yet. Please contact support.')
    if (form.data.intent === CHECKOUT_INTENT.embedded) {
      const started = await api.payments.paymentIntent(priceId)
      return json({ ...started, publishable_key: env().stripePublishableKey, email: user.email })
    }
    const { url } = await api.payments.checkout({ price_id: priceId, cancel_url: new URL(back, env().publicUrl).toString() })
    return wantsJson ? json({ url }) : redirect(url, 303)
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return fail(409, error.message || PAYMENTS_NOT_CONFIGURED)
    const failure = apiFailure(error, UNEXPECTED_PAYMENT_ERROR)
    return fail(failure.status, failure.status >= 500 ? UNEXPECTED_PAYMENT_ERROR : failure.message)
  }
}
