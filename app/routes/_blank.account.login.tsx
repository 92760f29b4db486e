import { parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { replyErrors } from '~/.server/api-failure'
import { requireAnonymous } from '~/.server/auth'
import { env } from '~/.server/env'
import { isBot } from '~/.server/honeypot'
import { requestCodeAndContinue } from '~/.server/login-flow'
import { GoogleButton } from '~/components/GoogleButton'
import { Field, FormErrors } from '~/components/ui/Field'
import { Honeypot } from '~/components/ui/Honeypot'
import { LOGIN_RULES } from '~/forms/auth'
import { loginSchema } from '~/forms/auth.server'
import { useForm } from '~/lib/form'
import type { RouteHandle } from '~/lib/shopper-view'
import { SIGN_IN_PAGE_HEADERS } from '../../server/domain/page-cache'

/** No app script here: /sign-in.js instead (app/lib/shopper-view.ts). */
export const handle: RouteHandle = { signInScript: true }

export const meta: MetaFunction = () => [{ title: 'Log in · Pagewright' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context)
  return json(
    { redirectTo: new URL(request.url).searchParams.get('redirectTo'), googleEnabled: !!env().google },
    { headers: SIGN_IN_PAGE_HEADERS },
  )
}

// The same for every visitor without cookies: the web may keep it a minute (server/domain/page-cache.ts).
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context)
  const form = await request.formData()
  const submission = parseWithZod(form, { schema: loginSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const outcome = await requestCodeAndContinue(request, context, {
    email: submission.value.email,
    redirectTo: submission.value.redirectTo,
    bot: isBot(form),
  })
  if (outcome.response) return outcome.response
  return json({ result: submission.reply(replyErrors({ ...outcome.failure, field: null })) }, { status: outcome.failure.status })
}

export default function Login() {
  const { redirectTo, googleEnabled } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { form, field } = useForm({ lastResult: actionData?.result, rules: LOGIN_RULES, validateOn: 'blur' })
  return (
    <section className="card auth-card">
      <h1>Log in to Pagewright</h1>
      <p className="muted">We'll e-mail you a 6-digit code. No password needed.</p>
      <GoogleButton enabled={googleEnabled} redirectTo={redirectTo} />
      <Form method="post" {...form.props}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field label="E-mail" meta={field('email')} type="email" autoComplete="email" autoFocus placeholder="you@store.com" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Honeypot />
        <button type="submit" className="button button--primary button--block" data-pending="Sending code…">
          Send me a code
        </button>
      </Form>
      <p className="small center">
        New to Pagewright?{' '}
        <Link to={redirectTo ? `/account/sign-up?${new URLSearchParams({ redirectTo })}` : '/account/sign-up'}>Create an account</Link>
      </p>
      <p className="small center">
        <Link to="/lp/1">What is Pagewright?</Link>
      </p>
    </section>
  )
}
