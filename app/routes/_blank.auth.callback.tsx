import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ApiError } from '~/.server/api'
import { authenticatorFor, completeSignIn, requireAnonymous } from '~/.server/auth'
import { env } from '~/.server/env'
import { log } from '~/.server/log'

export const meta: MetaFunction = () => [{ title: 'Google sign-in · Pagewright' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context)
  if (!env().google) return json({ message: 'Google sign-in is not configured.' }, { status: 404 })
  try {
    const result = await (await authenticatorFor(context)).authenticate('google', request)
    return completeSignIn(request, context, result)
  } catch (error) {
    if (error instanceof Response) throw error
    log.warn('google sign-in failed', { error: String(error) })
    const message = error instanceof ApiError ? error.message : 'Google sign-in failed. Please try again.'
    return json({ message }, { status: 400 })
  }
}

export default function AuthCallback() {
  const { message } = useLoaderData<typeof loader>()
  return (
    <section className="card auth-card">
      <h1>Google sign-in</h1>
      <p className="notice notice--error" data-testid="callback-message">
        {message}
      </p>
      <Link to="/account/login" className="button button--primary button--block">
        Log in with an e-mail code
      </Link>
    </section>
  )
}
