import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { loadAddStore } from '~/.server/guide-v1'
import { GuideSteps } from '~/components/guide/GuideSteps'
import { connectShopifyPath } from '~/lib/paths'
import guideCss from '~/styles/guide.css?url'
import { guidePath } from '../../server/domain/onboarding'

export const meta: MetaFunction = () => [{ title: 'Add your store · Pagewright' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guideCss }]

export const loader = ({ request, context }: LoaderFunctionArgs) => loadAddStore(request, context)

/** Guide v1, step 2: connect a Shopify store (its products become one click away), or go on without. */
export default function GuideAddStore() {
  const data = useLoaderData<typeof loader>()
  const next = guidePath('v1', '/guide/pick-product')
  return (
    <section className="guide">
      <GuideSteps progress={data.progress} />
      <div className="card">
        <h1>Add your store</h1>
        {data.stores.length ? (
          <>
            <p>Connected:</p>
            <ul data-testid="guide-stores">
              {data.stores.map((s) => (
                <li key={s.name}>
                  <strong>{s.name}</strong> <span className="muted">{`· ${s.products.toLocaleString('en-US')} products synced`}</span>
                </li>
              ))}
            </ul>
            <p className="actions-row">
              <Link to={next} className="button button--primary">
                Pick a product from it
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="muted">
              Connect your Shopify store and its products are one click away, and finished pages can be published into it. Pagewright never
              changes your prices, orders or customers. Once it is connected, the guide goes on with its products.
            </p>
            <p className="actions-row">
              <Link to={connectShopifyPath(next)} className="button button--primary">
                Connect a Shopify store
              </Link>
              <Link to={next} className="button">
                Skip for now
              </Link>
            </p>
          </>
        )}
      </div>
    </section>
  )
}
