import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { apiFailure } from '~/.server/api-failure'
import { requireUser } from '~/.server/auth'
import { redirectWithToast } from '~/.server/responses'
import { formObject } from '~/forms/form-object'
import { PUBLICATION_INTENT } from '~/forms/shopify'
import { publicationActionSchema } from '~/forms/shopify.server'
import { safeRedirectPath } from '../../server/domain/routing'

/** Only the publish panel's forms come here. */
export const loader = () => redirect('/')

/**
 * The publish panel's buttons on one publication: take the page out of the store, agree (or no
 * longer) that it may replace the product's description, or have Pagewright try its theme files
 * again. Each is the api's decision; the owner comes back to the page with what happens next.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context)
  const parsed = publicationActionSchema.safeParse(formObject(await request.formData()))
  const back = safeRedirectPath(parsed.success ? parsed.data.back : null, '/')
  const id = Number(params.id)
  if (!parsed.success || !Number.isInteger(id) || id <= 0)
    return redirectWithToast(request, back, { type: 'error', text: 'That action is not available.' })
  const action = parsed.data
  try {
    switch (action.intent) {
      case PUBLICATION_INTENT.unpublish: {
        const p = await api.publishing.unpublish(id)
        return redirectWithToast(request, back, { type: 'info', text: `Taking the page out of ${p.store_name ?? p.shop_domain}…` })
      }
      case PUBLICATION_INTENT.allowDescription:
        await api.publishing.descriptionFallback(id, true)
        return redirectWithToast(request, back, {
          type: 'info',
          text: 'Publishing the page as the product’s description. Your own description is kept and comes back when you unpublish.',
        })
      case PUBLICATION_INTENT.withdrawDescription:
        await api.publishing.descriptionFallback(id, false)
        return redirectWithToast(request, back, { type: 'info', text: 'Your own description is going back on the product…' })
      case PUBLICATION_INTENT.retryThemeFiles: {
        if (!action.store_id) return redirectWithToast(request, back, { type: 'error', text: 'Choose the store first.' })
        const { republished } = await api.stores.retryThemeFiles(action.store_id)
        return redirectWithToast(request, back, {
          type: 'info',
          text: `Pagewright will ask Shopify again for its theme files${republished ? ` and publish ${republished === 1 ? 'this page' : `${republished} pages`} again` : ''}.`,
        })
      }
    }
  } catch (error) {
    const failure = apiFailure(error)
    if (failure.status >= 500) throw error
    return redirectWithToast(request, back, { type: 'error', text: failure.message })
  }
}
