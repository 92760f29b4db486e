import { Form, Link } from '@remix-run/react'
import { EDIT_INTENT } from '~/forms/intents'
import type { OwnerFacts, Page } from '../../../server/domain/page/schema'
import { PAGE_TEMPLATES } from '../../../server/domain/templates'
import { formatPrice } from '../sections/format'

export interface Imported {
  images: string[]
  price: number | null
  compare_at: number | null
  currency: string | null
  platform: string
  source_name: string
  source_url: string
}

const EMPTY: OwnerFacts = { price: null, compareAt: null, currency: null, buyUrl: null, guarantee: null, shipping: null, returns: null }

function Input({ name, label, value, hint, type = 'text' }: { name: string; label: string; value: string; hint?: string; type?: string }) {
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <input id={`f-${name}`} name={name} type={type} className="input" defaultValue={value} />
      {hint ? <p className="hint">{hint}</p> : null}
    </div>
  )
}

function Area({ name, label, value, hint }: { name: string; label: string; value: string; hint?: string }) {
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <textarea id={`f-${name}`} name={name} className="input" rows={3} maxLength={1000} defaultValue={value} />
      {hint ? <p className="hint">{hint}</p> : null}
    </div>
  )
}

/** The owner's own facts: their price, where the button goes, their guarantee, shipping and returns. */
export function OwnerForm({
  page,
  imported,
  version,
  errors,
}: {
  page: Page
  imported: Imported | null
  version: number
  errors?: Record<string, string[]>
}) {
  const owner = page.owner ?? EMPTY
  const supplier =
    imported && imported.price !== null && imported.currency
      ? `${imported.platform === 'shopify' ? 'Your store' : `The supplier (${imported.source_name})`} lists it at ${formatPrice(imported.price, imported.currency)}.`
      : undefined
  return (
    <Form method="post" preventScrollReset id="owner" className="card editor-form">
      <h2>Your price and buy button</h2>
      <p className="muted">What you write here is your claim, shown to shoppers as written.</p>
      <input type="hidden" name="base_version" value={version} />
      <Input
        name="price"
        label="Your selling price"
        value={owner.price?.toString() ?? ''}
        hint={supplier ?? 'Leave empty to show no price.'}
      />
      <Input name="compare_at" label="Compare-at price (optional, higher than your price)" value={owner.compareAt?.toString() ?? ''} />
      <Input name="currency" label="Currency" value={owner.currency ?? imported?.currency ?? 'USD'} />
      <Input
        name="buy_url"
        label="Where the buy button goes"
        type="url"
        value={owner.buyUrl ?? ''}
        hint="Your product page, e.g. https://your-store.com/products/… Without it, shoppers see the price and no button."
      />
      <Area name="guarantee" label="Your guarantee" value={owner.guarantee ?? ''} />
      <Area
        name="shipping"
        label="Shipping"
        value={owner.shipping ?? ''}
        hint="For example: Ships in 2–4 business days from our warehouse."
      />
      <Area name="returns" label="Returns" value={owner.returns ?? ''} />
      {errors && Object.keys(errors).length ? (
        <ul className="field-errors" role="alert">
          {Object.entries(errors).map(([k, v]) => (
            <li key={k}>{v.join(' ')}</li>
          ))}
        </ul>
      ) : null}
      <button type="submit" name="intent" value={EDIT_INTENT.owner} className="button button--primary">
        Save
      </button>
    </Form>
  )
}

/** Colours (hex, checked by our colour rule, reference §8.2), font and corners. */
export function ThemeForm({ page, version, errors }: { page: Page; version: number; errors?: Record<string, string[]> }) {
  const t = page.theme
  const colour = (name: 'primary' | 'accent' | 'background' | 'text', label: string) => (
    <div className="field">
      <label htmlFor={`t-${name}`}>{label}</label>
      <input id={`t-${name}`} name={name} className="input" defaultValue={t[name]} aria-invalid={errors?.[name] ? true : undefined} />
      {errors?.[name] ? <p className="field-errors">{errors[name].join(' ')}</p> : null}
    </div>
  )
  return (
    <Form method="post" preventScrollReset id="theme" className="card editor-form">
      <h2>Look</h2>
      <input type="hidden" name="base_version" value={version} />
      <div className="editor-grid">
        {colour('primary', 'Main colour')}
        {colour('accent', 'Accent colour')}
        {colour('background', 'Background')}
        {colour('text', 'Text colour')}
      </div>
      <div className="field">
        <label htmlFor="t-font">Font</label>
        <select id="t-font" name="font" className="input" defaultValue={t.font}>
          <option value="system">Clean (system)</option>
          <option value="serif">Classic (serif)</option>
          <option value="rounded">Friendly (rounded)</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="t-radius">Corners</label>
        <select id="t-radius" name="radius" className="input" defaultValue={t.radius}>
          <option value="none">Square</option>
          <option value="small">Slightly rounded</option>
          <option value="large">Rounded</option>
        </select>
      </div>
      <button type="submit" name="intent" value={EDIT_INTENT.theme} className="button button--primary">
        Save look
      </button>
    </Form>
  )
}

/**
 * Another template for this page: its look and section order, at no credit cost. The texts, the
 * owner's facts and the gallery stay; the switch is a new version, so the last look can come back.
 */
export function TemplateForm({ page, version }: { page: Page; version: number }) {
  const current = PAGE_TEMPLATES.find((t) => JSON.stringify(t.theme) === JSON.stringify(page.theme))
  return (
    <Form method="post" preventScrollReset id="template" className="card editor-form">
      <h2>Template</h2>
      <p className="muted small">
        Switching changes the look and the order of the sections. Your texts, price, buy button and gallery stay, no credits are used, and
        the version history keeps the page as it is now.
      </p>
      <input type="hidden" name="base_version" value={version} />
      <div className="field">
        <label htmlFor="page-template">Template</label>
        <select id="page-template" name="page_template_id" className="input" defaultValue={current?.id ?? ''} required>
          {current ? null : <option value="">Your own look</option>}
          {PAGE_TEMPLATES.map((t) => (
            <option key={t.id} value={t.id}>{`${t.name} — ${t.description}`}</option>
          ))}
        </select>
      </div>
      <p className="actions-row">
        <button type="submit" name="intent" value={EDIT_INTENT.template} className="button button--primary">
          Switch template
        </button>
        <Link to="/templates" className="button button--ghost">
          See the templates
        </Link>
      </p>
    </Form>
  )
}

/** The gallery: which of the source's images shoppers see, in what order, with what description. */
export function GalleryForm({ page, images, version }: { page: Page; images: string[]; version: number }) {
  const chosen = page.gallery ?? []
  const all = [...chosen.map((g) => g.src), ...images.filter((src) => !chosen.some((g) => g.src === src))]
  if (all.length === 0) return null
  return (
    <Form method="post" preventScrollReset id="gallery" className="card editor-form">
      <h2>Gallery</h2>
      <p className="muted">Every image the product&apos;s source had. Tick the ones shoppers see; the numbers set the order.</p>
      <input type="hidden" name="base_version" value={version} />
      <ol className="editor-gallery">
        {all.map((src, i) => {
          const g = chosen.find((c) => c.src === src)
          return (
            <li key={src} className="editor-gallery__item">
              <img src={src} alt="" width={96} height={96} loading="lazy" />
              <input type="hidden" name={`images.${i}.src`} value={src} />
              <label>
                <input type="checkbox" name={`images.${i}.show`} defaultChecked={!!g || chosen.length === 0} /> Show
              </label>
              <label>
                Order{' '}
                <input
                  name={`images.${i}.order`}
                  className="input input--small"
                  inputMode="numeric"
                  size={3}
                  defaultValue={String(i + 1)}
                />
              </label>
              <label className="editor-gallery__alt">
                Description
                <input name={`images.${i}.alt`} className="input input--small" maxLength={300} defaultValue={g?.alt ?? ''} />
              </label>
            </li>
          )
        })}
      </ol>
      <button type="submit" name="intent" value={EDIT_INTENT.gallery} className="button button--primary">
        Save gallery
      </button>
    </Form>
  )
}
