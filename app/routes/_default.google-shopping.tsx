import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { apiFailure } from '~/.server/api-failure'
import { requireUser } from '~/.server/auth'
import { redirectWithToast } from '~/.server/responses'
import { optimizeFormSchema } from '~/forms/catalog.server'
import { formObject } from '~/forms/form-object'
import { GOOGLE_DESCRIPTION_MAX, GOOGLE_TITLE_MAX } from '../../server/domain/google-shopping'
import { pageParam } from '../../server/domain/url-state'

export const meta: MetaFunction = () => [{ title: 'Google Shopping · Pagewright' }]

const PAGE_SIZE = 50

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context)
  const stores = await api.stores.list()
  const store = stores.items.find((s) => s.id === stores.current_store_id) ?? null
  const page = pageParam(new URL(request.url).search)
  const list = store ? await api.catalog.list({ page, page_size: PAGE_SIZE }) : null
  return json({ store, list })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context)
  const parsed = optimizeFormSchema.safeParse(formObject(await request.formData(), ['ids']))
  const back = new URL(request.url).pathname + new URL(request.url).search
  if (!parsed.success)
    return redirectWithToast(request, back, { type: 'error', text: parsed.error.issues[0]?.message ?? 'Tick at least one product.' })
  const v = parsed.data
  try {
    const out = await api.catalog.optimize({ product_ids: v.ids, action: v.action, write_to: v.write_to })
    const failed = out.items.filter((i) => i.status === 'failed')
    if (v.action === 'propose')
      return redirectWithToast(request, back, {
        type: 'info',
        text: `Proposals ready for ${out.items.length} products. Compare and accept below.`,
      })
    const text = failed.length
      ? `Written for ${out.items.length - failed.length}; ${failed.length} failed: ${failed[0].error}`
      : `Written to Shopify for ${out.items.length} ${out.items.length === 1 ? 'product' : 'products'}.`
    return redirectWithToast(request, back, { type: failed.length ? 'warning' : 'success', text })
  } catch (error) {
    const failure = apiFailure(error, "We couldn't reach Pagewright's catalogue. Please try again in a moment.")
    return redirectWithToast(request, back, { type: 'error', text: failure.message })
  }
}

export default function GoogleShopping() {
  const { store, list } = useLoaderData<typeof loader>()
  const busy = useNavigation().state !== 'idle'
  if (!store || !list) {
    return (
      <div className="empty-state">
        <h1>Google Shopping</h1>
        <p>Connect your Shopify store to optimise its products for Google Merchant Center.</p>
        <Link to="/connect-shopify" className="button button--primary">
          Connect a store
        </Link>
      </div>
    )
  }
  const proposed = list.items.filter((p) => p.google_shopping)
  return (
    <div className="google-shopping">
      <div className="page-head">
        <div>
          <h1>Google Shopping</h1>
          <p className="muted small">
            Titles (up to {GOOGLE_TITLE_MAX} characters), descriptions (up to {GOOGLE_DESCRIPTION_MAX.toLocaleString('en-US')}) and
            categories for Merchant Center, written from each product’s own facts: brand, type and the attributes that tell it apart. No
            promotional words, nothing the product does not say.
          </p>
        </div>
      </div>
      {store.feed_url ? (
        <p className="small" data-testid="feed-url">
          Merchant Center feed of the products you accepted (keep it private): <a href={store.feed_url}>{store.feed_url}</a> · also as{' '}
          <a href={store.feed_url.replace(/\.tsv$/, '.xml')}>XML</a>
        </p>
      ) : null}
      <Form method="post" className="gs-form">
        <fieldset className="gs-choose">
          <legend>Choose products</legend>
          <ul className="gs-list">
            {list.items.map((p) => (
              <li key={p.id}>
                <label>
                  <input type="checkbox" name="ids" value={p.id} /> {p.title}
                  {p.google_shopping ? <span className="badge">{p.google_shopping.status}</span> : null}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset className="gs-target">
          <legend>When accepting, write to</legend>
          <label>
            <input type="radio" name="write_to" value="metafields" defaultChecked /> Google fields only (category and condition; your
            product stays as it is)
          </label>
          <label>
            <input type="radio" name="write_to" value="product" /> Also the product’s title and description in Shopify
          </label>
        </fieldset>
        <p className="actions-row">
          <button type="submit" name="action" value="propose" className="button button--primary" disabled={busy}>
            Propose
          </button>
          <button type="submit" name="action" value="accept" className="button" disabled={busy}>
            Accept for the ticked products
          </button>
        </p>
      </Form>
      {proposed.length ? (
        <section aria-labelledby="gs-proposals">
          <h2 id="gs-proposals">Proposals</h2>
          <ul className="gs-proposals">
            {proposed.map((p) => {
              const g = p.google_shopping!
              return (
                <li key={p.id} className="gs-proposal" data-testid="gs-proposal">
                  <h3 className="h4">{p.title}</h3>
                  <div className="gs-diff">
                    <div>
                      <p className="small muted">Now</p>
                      <p>
                        <strong>{p.title}</strong>
                      </p>
                    </div>
                    <div>
                      <p className="small muted">Proposed ({g.title.length} characters)</p>
                      <p>
                        <strong data-testid="gs-title">{g.title}</strong>
                      </p>
                      <p className="small">
                        {g.category ? `Category: ${g.category}` : 'No category proposed: choose one in Merchant Center.'}
                      </p>
                      <details>
                        <summary className="small">Description ({g.description.length} characters)</summary>
                        <p className="small gs-description">{g.description.replace(/<[^>]+>/g, ' ')}</p>
                      </details>
                    </div>
                  </div>
                  <p className="small">
                    {g.status === 'written'
                      ? `Written to Shopify (${g.written_to === 'product' ? 'product and Google fields' : 'Google fields'}).`
                      : null}
                    {g.status === 'failed' ? `Not written: ${g.error}` : null}
                  </p>
                  {g.status !== 'written' ? (
                    <Form method="post">
                      <input type="hidden" name="ids" value={p.id} />
                      <input type="hidden" name="action" value="accept" />
                      <button type="submit" name="write_to" value="metafields" className="button button--small" disabled={busy}>
                        Accept
                      </button>{' '}
                      <button type="submit" name="write_to" value="product" className="button button--small button--ghost" disabled={busy}>
                        Accept and change the product too
                      </button>
                    </Form>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
