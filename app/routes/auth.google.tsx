import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { authenticatorFor, requireAnonymous } from '~/.server/auth'
import { env } from '~/.server/env'
import { redirectWithToast } from '~/.server/responses'
import { commitSession, getSession } from '~/.server/session'
import { googleStartSchema } from '~/forms/auth.server'
import { formObject } from '~/forms/form-object'
import { safeRedirectPath } from '../../server/domain/routing'

export const loader = () => redirect('/account/login')

/** Starts Google's OAuth flow; the strategy answers with the redirect to Google. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context)
  if (!env().google) return redirectWithToast(request, '/account/login', { type: 'error', text: 'Google sign-in is not configured.' })
  const form = googleStartSchema.safeParse(formObject(await request.clone().formData()))
  const session = await getSession(request)
  session.set('redirectTo', safeRedirectPath(form.success ? form.data.redirectTo : null))
  try {
    await authenticatorFor(context).authenticate('google', request)
  } catch (response) {
    if (response instanceof Response) {
      response.headers.append('Set-Cookie', await commitSession(session))
      throw response
    }
    throw response
  }
  return redirect('/account/login')
}
