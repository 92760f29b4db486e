import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { getOptionalUser } from '~/.server/auth'
import { redirectWithToast } from '~/.server/responses'
import { checkoutSchema } from '~/forms/checkout'
import { formObject } from '~/forms/form-object'
import { DEFAULT_UPGRADE_TITLE_PAID } from '../../server/domain/permissions'
import { safeRedirectPath } from '../../server/domain/routing'
import { isFree } from '../../server/domain/user'

export const loader = () => redirect('/')

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not available yet: this server has no payment provider configured.'

/** "Pay Now" of the upgrade dialog. Card payment arrives with billing; until then it says so. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = checkoutSchema.safeParse(formObject(await request.formData()))
  const back = safeRedirectPath(form.success ? form.data.return_to : null)
  const user = await getOptionalUser(request, context)
  if (!user) return redirect(`/account/sign-up?redirectTo=${encodeURIComponent(back)}`)
  if (!isFree(user.role)) return redirectWithToast(request, back, { type: 'info', text: DEFAULT_UPGRADE_TITLE_PAID })
  return redirectWithToast(request, back, { type: 'error', text: PAYMENTS_NOT_CONFIGURED })
}
