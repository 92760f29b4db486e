import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { loadPickProduct } from '~/.server/guide'
import { FREE_SIGNUP_CREDITS, CREDITS_PER_PAGE } from '../../../server/domain/entitlements'
import { formatUsd } from '../../../server/domain/plans'
import { OnceKey } from '../ui/OnceKey'
import { GuideSteps } from './GuideSteps'

/**
 * The pick-product step of the guides (v1 adds the store's own products as `children`): a demo product in one click, or a product link. A
 * visitor picks first and signs up after; the choice comes back in the address.
 */
export function PickProduct({ children }: { children?: ReactNode }) {
  const data = useLoaderData<typeof loadPickProduct>()
  const actionData = useActionData<{ error?: string }>()
  const busy = useNavigation().state !== 'idle'
  const cta = data.signedIn ? 'Make my page' : 'Use this product'
  return (
    <section className="guide">
      <GuideSteps progress={data.progress} />
      <div className="card">
        <h1>Pick a product</h1>
        <p className="muted">
          {data.signedIn
            ? `Pagewright reads the product's real facts and writes a page from them. A page costs ${CREDITS_PER_PAGE} credits; you have ${data.credits?.toLocaleString('en-US')}.`
            : `Pick a product and Pagewright writes a landing page from its real facts. You create a free account next: ${FREE_SIGNUP_CREDITS} credits, no card.`}
        </p>
        {actionData?.error ? (
          <p className="notice notice--error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        {data.chosen ? (
          <Form method="post" className="notice notice--info guide-chosen" data-testid="guide-chosen">
            <span className="break">
              Your product: <strong>{data.chosen}</strong>
            </span>
            <OnceKey value={data.onceKey} />
            <input type="hidden" name="url" value={data.chosen} />
            <button type="submit" className="button button--primary" disabled={busy}>
              {data.signedIn ? 'Continue with this product' : 'Use this product'}
            </button>
          </Form>
        ) : null}
        <h2 className="guide-subhead">Paste a product link</h2>
        <Form method="post" className="guide-paste">
          <OnceKey value={data.onceKey} />
          <div className="field">
            <label htmlFor="guide-url">Product link</label>
            <input
              id="guide-url"
              className="input"
              type="url"
              name="url"
              required
              maxLength={2048}
              placeholder="https://your-store.com/products/…"
              defaultValue={data.chosen ?? ''}
            />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {cta}
          </button>
        </Form>
        <p className="hint">
          A Shopify product link works on every plan; Pro also takes AliExpress, Amazon, Temu, DHgate and TikTok Shop links.
        </p>
      </div>
      {children}
      {data.demo.length ? (
        <div className="card">
          <h2 className="guide-subhead">Or try one from our demo store</h2>
          <ul className="guide-products" data-testid="guide-demo-products">
            {data.demo.map((p) => (
              <li key={p.handle}>
                <ProductChoice
                  image={p.image}
                  title={p.title}
                  detail={`${p.product_type} · ${formatUsd(p.price)}`}
                  field={['url', p.url]}
                  cta={cta}
                  busy={busy}
                  onceKey={data.onceKey}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {data.signedIn ? null : (
        <p className="muted small">
          Already have an account? <Link to="/account/login">Sign in</Link>
        </p>
      )}
    </section>
  )
}

/** One product to start a page from: its picture, its name and the button that posts it. */
export function ProductChoice(props: {
  image: string | null
  title: string
  detail?: string
  /** The hidden field the step's action reads: a product link or a synced product's id. */
  field: [name: string, value: string]
  cta: string
  busy: boolean
  /** The step's one-time key: a double click starts one page. */
  onceKey: string
}) {
  const [name, value] = props.field
  return (
    <Form method="post" className="guide-product">
      {props.image ? <img src={props.image} alt="" width={180} height={180} loading="lazy" /> : null}
      <h3>{props.title}</h3>
      {props.detail ? <p className="muted small">{props.detail}</p> : null}
      <OnceKey value={props.onceKey} />
      <input type="hidden" name={name} value={value} />
      <button type="submit" className="button button--small" disabled={props.busy} aria-label={`${props.cta}: ${props.title}`}>
        {props.cta}
      </button>
    </Form>
  )
}
