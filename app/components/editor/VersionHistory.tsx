import { Form, Link } from '@remix-run/react'
import { EDIT_INTENT } from '~/forms/intents'
import { PAGE_VERSION_LABELS, type PageVersionKind } from '../../../server/domain/page/versions'

export interface VersionItem {
  version: number
  kind: PageVersionKind
  restored_from: number | null
  created_at: string
}

const TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

/** Every version of the page: preview any, restore any (a restore is a new version; nothing is lost). */
export function VersionHistory({
  items,
  current,
  previewing,
  id,
}: {
  items: VersionItem[]
  current: number
  previewing: number | null
  id: string
}) {
  return (
    <section id="versions" className="card" aria-labelledby="versions-title">
      <h2 id="versions-title">History</h2>
      <ol className="version-list">
        {items.map((v) => (
          <li key={v.version} className={v.version === current ? 'version version--current' : 'version'}>
            <span>
              <strong>Version {v.version}</strong> · {PAGE_VERSION_LABELS[v.kind]}
              {v.restored_from ? ` (from version ${v.restored_from})` : ''}
              <br />
              <time className="muted" dateTime={v.created_at}>
                {TIME.format(new Date(v.created_at))} UTC
              </time>
            </span>
            {v.version === current ? (
              <span className="muted">Current</span>
            ) : (
              <span className="version__actions">
                <Link
                  to={`/product-edit/${id}?preview_version=${v.version}#preview`}
                  aria-current={previewing === v.version ? 'true' : undefined}
                >
                  Preview
                </Link>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="version" value={v.version} />
                  <button type="submit" name="intent" value={EDIT_INTENT.restore} className="button button--small">
                    Restore
                  </button>
                </Form>
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}
