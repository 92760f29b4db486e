import { parseWithZod } from '@conform-to/zod/v4'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { apiFailure, replyErrors } from '~/.server/api-failure'
import { authenticatorFor, completeSignIn, requireAnonymous } from '~/.server/auth'
import { isBot } from '~/.server/honeypot'
import { requestCodeAndContinue, resendWaitSeconds, signInPath, targetOf } from '~/.server/login-flow'
import { getSession } from '~/.server/session'
import { Field, FormErrors } from '~/components/ui/Field'
import { Honeypot } from '~/components/ui/Honeypot'
import { VERIFY_RULES } from '~/forms/auth'
import { resendSchema, verifySchema } from '~/forms/auth.server'
import { formObject } from '~/forms/form-object'
import { VERIFY_INTENT } from '~/forms/intents'
import { useForm } from '~/lib/form'
import type { RouteHandle } from '~/lib/shopper-view'

/** No app script here: /sign-in.js instead (app/lib/shopper-view.ts). */
export const handle: RouteHandle = { signInScript: true }

export const meta: MetaFunction = () => [{ title: 'Check your e-mail · Pagewright' }]

// Where this tab is going rides in this page's address (targetOf): its forms post back to it, and
// requireAnonymous sends a tab whose browser signed in elsewhere on to it.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context)
  const session = await getSession(request)
  const email = session.get('email')
  const target = targetOf(request)
  if (!email) throw redirect(signInPath('/account/login', target))
  return json({
    email,
    waitSeconds: resendWaitSeconds(session.get('lastRequestCode')),
    fromShopify: session.get('fromShopifySignUp') === true,
    loginPath: signInPath('/account/login', target),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context)
  const session = await getSession(request)
  const email = session.get('email')
  const target = targetOf(request)
  if (!email) throw redirect(signInPath('/account/login', target))
  // FormStrategy reads the body itself, so look at a copy.
  const form = await request.clone().formData()
  // Another tab of this browser asked for a code for another address since this page was shown: the
  // session (one per browser) now holds that address. Say so, rather than take this tab's code as a
  // wrong one or send a code to an address this tab never named.
  const shown = String(form.get(SHOWN_EMAIL) ?? '').trim()
  if (shown && shown.toLowerCase() !== String(email).toLowerCase()) {
    const message = otherTabMessage(shown, String(email))
    if (resendSchema.safeParse(formObject(form)).success) return json({ result: null, resendError: message }, { status: 409 })
    return json(
      { result: parseWithZod(form, { schema: verifySchema }).reply({ formErrors: [message] }), resendError: null },
      { status: 409 },
    )
  }

  if (resendSchema.safeParse(formObject(form)).success) {
    const outcome = await requestCodeAndContinue(request, context, {
      email,
      name: session.get('name'),
      redirectTo: target.redirectTo,
      guide: target.guide ?? session.get('guide'),
      bot: isBot(form),
      tooSoonIsError: true,
    })
    if (outcome.response) return outcome.response
    return json({ result: null, resendError: outcome.failure.message }, { status: outcome.failure.status })
  }

  const submission = parseWithZod(form, { schema: verifySchema })
  if (submission.status !== 'success') return json({ result: submission.reply(), resendError: null }, { status: 400 })
  try {
    const result = await (await authenticatorFor(context)).authenticate('email-code', request)
    return completeSignIn(request, context, result, target)
  } catch (error) {
    const failure = apiFailure(error)
    // Anything the api says about a code is said by the code field; an unreachable api, by the form.
    const reply = failure.status === 503 ? replyErrors(failure) : replyErrors({ ...failure, field: 'code' })
    return json({ result: submission.reply(reply), resendError: null }, { status: failure.status })
  }
}

/** The address this page showed, posted back by both of its forms (never used to sign in). */
const SHOWN_EMAIL = 'shown_email'

function otherTabMessage(shown: string, current: string): string {
  return `This page was for ${shown}, but a code has since been asked for ${current} in another tab or window. Enter the code sent to ${current}, or use a different e-mail to ask for ${shown} again.`
}

export default function Verify() {
  const { email, waitSeconds, fromShopify, loginPath } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { form, field } = useForm({ lastResult: actionData?.result, rules: VERIFY_RULES, validateOn: 'submit' })
  return (
    <section className="card auth-card">
      <h1>Check your e-mail</h1>
      <p>
        We sent a 6-digit code to <strong data-testid="verify-email">{email}</strong>. It works once and expires in 10 minutes.
      </p>
      {fromShopify ? (
        <p className="notice" data-testid="from-shopify">
          You are installing Pagewright from Shopify. This is your store’s e-mail address: type the code and your store is connected (an
          account is made for you if you have none).
        </p>
      ) : null}
      <Form method="post" {...form.props}>
        <input type="hidden" name={SHOWN_EMAIL} value={email} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field
          label="Code"
          meta={field('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          className="input input--code"
          placeholder="123456"
        />
        <button
          type="submit"
          name="intent"
          value={VERIFY_INTENT.verify}
          className="button button--primary button--block"
          data-pending="Checking…"
        >
          Verify and continue
        </button>
      </Form>
      <Form method="post" className="resend">
        <Honeypot />
        <input type="hidden" name={SHOWN_EMAIL} value={email} />
        <ResendButton waitSeconds={waitSeconds} />
        {actionData?.resendError ? (
          <p className="field-errors" role="alert">
            {actionData.resendError}
          </p>
        ) : null}
      </Form>
      <p className="small center">
        Wrong address? <Link to={loginPath}>Use a different e-mail</Link>
      </p>
    </section>
  )
}

/** Without JS the server enforces the 30 s wait and says so; /sign-in.js counts it down on the button. */
function ResendButton({ waitSeconds }: { waitSeconds: number }) {
  return (
    <button
      type="submit"
      name="intent"
      value={VERIFY_INTENT.resend}
      className="button button--ghost"
      data-wait={waitSeconds}
      data-testid="resend"
    >
      Resend code
    </button>
  )
}
