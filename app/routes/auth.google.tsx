import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { authenticatorFor, requireAnonymous } from '~/.server/auth'
import { env } from '~/.server/env'
import { redirectWithToast } from '~/.server/responses'
import { commitSession, getSession } from '~/.server/session'
import { googleStartSchema } from '~/forms/auth.server'
import { formObject } from '~/forms/form-object'
import { guideOf } from '../../server/domain/onboarding'
import { safeRedirectPath } from '../../server/domain/routing'

export const loader = () => redirect('/account/login')

/** Starts Google's OAuth flow; the strategy answers with the redirect to Google. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context)
  if (!env().google) return redirectWithToast(request, '/account/login', { type: 'error', text: 'Google sign-in is not configured.' })
  const data = await request.clone().formData()
  const form = googleStartSchema.safeParse(formObject(data))
  const session = await getSession(request)
  // As with a code: only a real destination is kept, and where a sign-in without one lands depends
  // on whether Google's answer creates the account (app/.server/ui-flags.ts).
  const redirectTo = safeRedirectPath(form.success ? form.data.redirectTo : null, '')
  if (redirectTo) session.set('redirectTo', redirectTo)
  else session.unset('redirectTo')
  const guide = guideOf(data)
  if (guide) session.set('guide', guide)
  else session.unset('guide')
  try {
    await (await authenticatorFor(context)).authenticate('google', request)
  } catch (response) {
    if (response instanceof Response) {
      response.headers.append('Set-Cookie', await commitSession(session))
      throw response
    }
    throw response
  }
  return redirect('/account/login')
}
