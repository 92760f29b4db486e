import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useNavigation } from '@remix-run/react'
import { loadGuidePick, pickForGuideV1 } from '~/.server/guide-v1'
import { PickProduct, ProductChoice } from '~/components/guide/PickProduct'
import { usePolling } from '~/lib/use-polling'
import guideCss from '~/styles/guide.css?url'

export const meta: MetaFunction = () => [{ title: 'Pick a product · Pagewright' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guideCss }]

export const loader = ({ request, context }: LoaderFunctionArgs) => loadGuidePick(request, context)
export const action = ({ request, context }: ActionFunctionArgs) => pickForGuideV1(request, context)

/** Guide v1, step 3: a product of the connected store first, else the demo store or a link. */
export default function GuidePickProduct() {
  const { catalogue, syncing, onceKey } = useLoaderData<typeof loader>()
  const busy = useNavigation().state !== 'idle'
  usePolling(1500, syncing)
  return (
    <PickProduct>
      {syncing ? (
        <div className="notice notice--info" role="status" data-testid="guide-syncing">
          {/* Without JS the step refreshes itself while the store's products arrive. */}
          <noscript>
            <meta httpEquiv="refresh" content="3" />
          </noscript>
          Your store’s products are arriving…
        </div>
      ) : null}
      {catalogue.length ? (
        <div className="card">
          <h2 className="guide-subhead">From your store</h2>
          <ul className="guide-products" data-testid="guide-catalogue">
            {catalogue.map((p) => (
              <li key={p.id}>
                <ProductChoice
                  image={p.image}
                  title={p.title}
                  field={['product_id', String(p.id)]}
                  cta="Make my page"
                  busy={busy}
                  onceKey={onceKey}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </PickProduct>
  )
}
