import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { getApi } from '~/.server/auth'
import { log } from '~/.server/log'
import { redirectWithToast } from '~/.server/responses'
import { destroySession } from '~/.server/session'

export const loader = () => redirect('/')

/** Revokes the api token, then forgets the cookie session. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api, session, token } = await getApi(request, context)
  if (token) {
    try {
      await api.auth.logout()
    } catch (error) {
      if (!(error instanceof Response)) log.warn('logout call failed', { error: String(error) })
    }
  }
  return redirectWithToast(
    request,
    '/account/login',
    { type: 'info', text: 'You are signed out.' },
    {
      'Set-Cookie': await destroySession(session),
    },
  )
}
