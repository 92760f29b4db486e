import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { referralCookie } from '~/.server/session'

/** The referral link /r/{invitation_code}: remember the inviter, then sign up. */
export async function loader({ params }: LoaderFunctionArgs) {
  const code = (params.id ?? '').toUpperCase()
  if (!/^[A-Z0-9]{4,16}$/.test(code)) return redirect('/account/sign-up')
  return redirect('/account/sign-up', { headers: { 'Set-Cookie': await referralCookie.serialize(code) } })
}
