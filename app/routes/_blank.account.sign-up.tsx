import { parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { replyErrors } from '~/.server/api-failure'
import { requireAnonymous } from '~/.server/auth'
import { env } from '~/.server/env'
import { isBot } from '~/.server/honeypot'
import { requestCodeAndContinue } from '~/.server/login-flow'
import { referralCookie } from '~/.server/session'
import { GoogleButton } from '~/components/GoogleButton'
import { Field, FormErrors } from '~/components/ui/Field'
import { Honeypot } from '~/components/ui/Honeypot'
import { SIGN_UP_RULES } from '~/forms/auth'
import { signUpSchema } from '~/forms/auth.server'
import { useForm } from '~/lib/form'
import type { RouteHandle } from '~/lib/shopper-view'
import { FREE_SIGNUP_CREDITS } from '../../server/domain/entitlements'
import { guideOf } from '../../server/domain/onboarding'
import { SIGN_IN_PAGE_HEADERS } from '../../server/domain/page-cache'

/** No app script here: /sign-in.js instead (app/lib/shopper-view.ts). */
export const handle: RouteHandle = { signInScript: true }

export const meta: MetaFunction = () => [{ title: 'Create your account · Pagewright' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context)
  const invited = !!(await referralCookie.parse(request.headers.get('Cookie')))
  const query = new URL(request.url).searchParams
  // `?guide=v1|v2|v3`: the guide this link starts a new account in (a landing page's choice).
  return json(
    { googleEnabled: !!env().google, invited, redirectTo: query.get('redirectTo'), guide: guideOf(query) },
    { headers: SIGN_IN_PAGE_HEADERS },
  )
}

// The same for every visitor without cookies: the web may keep it a minute (server/domain/page-cache.ts).
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context)
  const form = await request.formData()
  const submission = parseWithZod(form, { schema: signUpSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const outcome = await requestCodeAndContinue(request, context, {
    email: submission.value.email,
    name: submission.value.name,
    // Where it lands is decided once the code says whether the account is new (app/.server/ui-flags.ts).
    redirectTo: submission.value.redirectTo,
    guide: guideOf(form),
    bot: isBot(form),
  })
  if (outcome.response) return outcome.response
  return json({ result: submission.reply(replyErrors({ ...outcome.failure, field: null })) }, { status: outcome.failure.status })
}

export default function SignUp() {
  const { googleEnabled, invited, redirectTo, guide } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { form, field } = useForm({ lastResult: actionData?.result, rules: SIGN_UP_RULES, validateOn: 'blur' })
  return (
    <section className="card auth-card">
      <h1>Create your Pagewright account</h1>
      {invited ? <p className="notice notice--info">A friend invited you. Welcome!</p> : null}
      <p className="muted">{`Free to start: ${FREE_SIGNUP_CREDITS} credits, enough for several pages.`}</p>
      <GoogleButton enabled={googleEnabled} redirectTo={redirectTo} guide={guide} />
      <Form method="post" {...form.props}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field label="Your name" meta={field('name')} autoComplete="name" autoFocus />
        <Field label="E-mail" meta={field('email')} type="email" autoComplete="email" placeholder="you@store.com" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {guide ? <input type="hidden" name="guide" value={guide} /> : null}
        <Honeypot />
        <button type="submit" className="button button--primary button--block" data-pending="Sending code…">
          Create account
        </button>
      </Form>
      <p className="small center">
        Already have an account? <Link to="/account/login">Log in</Link>
      </p>
    </section>
  )
}
