import type { ApiDeps } from '../../context'
import type { NextStep, Publication } from '../../contract/publishing'
import { addAppBlockUrl, isLiveMethod, PIXEL_MISSING, PUBLISH_METHOD_LABELS } from '../../domain/shopify'
import type { TaskRow } from '../tasks'
import type { PublicationRow } from './publish-page'
import { shopLinks } from './store-view'
import type { StoreRow } from './tokens'

/**
 * What the owner is told about a publication: how shoppers get the page now, and what would make it
 * better, each as a step the screens turn into a link or a button. The api says it in words, so
 * every client (the web, an API key) tells the owner the same.
 */
export function nextSteps(row: PublicationRow, store: StoreRow, addBlockUrl: string): NextStep[] {
  const steps = wayToShow(row, store, addBlockUrl)
  // The store's counts are missing from the running experiment until the owner lets Pagewright add its web pixel.
  if (
    row.status === 'published' &&
    row.failureReason?.startsWith(PIXEL_MISSING) &&
    store.kind === 'oauth' &&
    !store.scopes.split(',').includes('write_pixels')
  )
    steps.push({
      kind: 'approve_pixel',
      text: 'Reconnect the store and approve Pagewright’s web pixel: its shoppers’ adds to cart and checkouts then count in the experiment.',
      url: null,
    })
  return steps
}

/** How shoppers could get the page in a better way. */
function wayToShow(row: PublicationRow, store: StoreRow, addBlockUrl: string): NextStep[] {
  if (row.status !== 'published' || !row.method || row.method === 'template' || row.method === 'app_block') return []
  const steps: NextStep[] = [
    {
      kind: 'add_app_block',
      text:
        row.method === 'pending_block'
          ? 'Add the Pagewright block to your theme’s product page: one click opens Shopify’s theme editor with it added, then press Save there.'
          : 'For the full design on your theme, add the Pagewright block to the product page: one click opens Shopify’s theme editor with it added, then press Save there.',
      url: addBlockUrl,
    },
    {
      kind: 'check_again',
      text: 'Added it? Publish again: Pagewright looks for the block in your live theme and shows the page through it.',
      url: null,
    },
  ]
  if (row.method === 'pending_block' && !row.productCreated && !row.descriptionAllowedAt)
    steps.push({
      kind: 'allow_description',
      text: 'Or show the page now as this product’s description. Your own description is kept and comes back when you unpublish.',
      url: null,
    })
  if (store.themeWritesRefusedAt)
    steps.push({
      kind: 'retry_theme_files',
      text: 'Shopify does not let Pagewright write theme files in this store yet (Shopify grants that exemption to few apps). If it has been granted since, try again.',
      url: null,
    })
  return steps
}

export async function publicationView(
  deps: ApiDeps,
  row: PublicationRow,
  task: Pick<TaskRow, 'sessionId'>,
  store: StoreRow,
): Promise<Publication> {
  const links = await shopLinks(deps, store.shopDomain)
  const addBlockUrl = addAppBlockUrl(links.admin, deps.env.shopifyApp.apiKey)
  const live = row.status === 'published' && isLiveMethod(row.method)
  return {
    id: row.id,
    session_id: task.sessionId,
    store_id: store.id,
    shop_domain: store.shopDomain,
    store_name: store.name,
    status: row.status,
    failure_reason: row.failureReason,
    method: row.method,
    method_label: row.status === 'published' && row.method ? PUBLISH_METHOD_LABELS[row.method] : null,
    live,
    page_version: row.pageVersion,
    storefront_url: live ? row.storefrontUrl : null,
    theme_editor_url: row.method === 'pending_block' || row.method === 'description' ? addBlockUrl : null,
    next_steps: nextSteps(row, store, addBlockUrl),
    notice: row.notice,
    description_allowed: row.descriptionAllowedAt !== null,
    product_created: row.productCreated,
    can_unpublish: (row.status === 'published' || row.status === 'failed') && row.productGid !== null,
    requested_at: row.requestedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
  }
}
