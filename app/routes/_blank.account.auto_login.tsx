import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { createApiClient, transportFor } from '~/.server/api'
import { apiFailure } from '~/.server/api-failure'
import { completeSignIn } from '~/.server/auth'
import { autoLoginSchema } from '~/forms/auth.server'
import { formObject } from '~/forms/form-object'

export const meta: MetaFunction = () => [{ title: 'Signing you in · Pagewright' }]

/**
 * The one-click link from the e-mail. Opening the link changes nothing (mail scanners open links);
 * the token is spent by a POST, sent at once by JS or by the button without it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return json({ token })
}

const INCOMPLETE = 'This sign-in link is incomplete. Please use the code from the e-mail instead.'

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = autoLoginSchema.safeParse(formObject(await request.formData()))
  if (!parsed.success) return json({ error: INCOMPLETE }, { status: 400 })
  try {
    const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
    return completeSignIn(request, context, await api.auth.autoLogin(parsed.data.token))
  } catch (error) {
    const failure = apiFailure(error)
    const message =
      failure.status === 400 ? 'This sign-in link has expired or was already used. Please request a new code.' : failure.message
    return json({ error: message }, { status: failure.status })
  }
}

export default function AutoLogin() {
  const { token } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (token && !actionData) formRef.current?.requestSubmit()
  }, [token, actionData])
  if (actionData?.error || !token) {
    return (
      <section className="card auth-card">
        <h1>We couldn't sign you in</h1>
        <p className="notice notice--error" data-testid="form-error">
          {actionData?.error ?? INCOMPLETE}
        </p>
        <Link to="/account/login" className="button button--primary button--block">
          Get a new code
        </Link>
      </section>
    )
  }
  return (
    <section className="card auth-card">
      <h1>Signing you in…</h1>
      <Form method="post" ref={formRef}>
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button button--primary button--block">
          Continue to Pagewright
        </button>
      </Form>
    </section>
  )
}
