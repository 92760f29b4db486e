import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ApiError } from '~/.server/api'
import { requireUser } from '~/.server/auth'
import { httpError } from '~/.server/responses'
import { handleReviewEdit } from '~/.server/review-edit'
import { formatDate } from '~/components/sections/format'
import { REVIEW_INTENT } from '~/forms/intents'
import { ownerPagePath, pageEditorPath } from '~/lib/paths'
import { reviewDisclosure } from '../../server/domain/page/reviews'
import { isMarketplace } from '../../server/domain/page/shopper'
import type { Platform } from '../../server/domain/platforms'

export const meta: MetaFunction = () => [{ title: 'Edit reviews · Pagewright' }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context)
  const id = params.id ?? ''
  try {
    const current = await api.tasks.getPage(id)
    const section = current.page.sections.find((s) => s.type === 'reviews')
    return json({
      id: current.session_id,
      version: current.version,
      items: section?.type === 'reviews' ? section.items : [],
      provenance: section?.type === 'reviews' ? section.provenance : null,
      source: current.imported ? `${current.imported.source_name} (${current.imported.source_url})` : null,
      fromMarketplace: !current.imported || isMarketplace(current.imported.platform as Platform),
      // Shoppers read the disclosure in the page's language.
      language: current.page.language ?? null,
    })
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) throw redirect(ownerPagePath(id))
    if (error instanceof ApiError && error.status < 500) throw httpError(error.status, error.message)
    throw error
  }
}

export const action = ({ request, context, params }: ActionFunctionArgs) => handleReviewEdit(request, context, params.id ?? '')

export default function ReviewBulkEdit() {
  const { id, version, items, provenance, source, fromMarketplace, language } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <div className="editor">
      <header className="editor-bar">
        <Link to={pageEditorPath(id)}>← Back to the editor</Link>
        <h1>Reviews</h1>
        <span className="muted">Version {version}</span>
      </header>
      {result?.error ? (
        <p className="notice notice--error" role="alert">
          {result.error}
        </p>
      ) : null}
      {result && 'imported' in result ? (
        <section className="notice" role="status" data-testid="import-result">
          <p>
            {result.imported} reviews imported{result.app ? ` from ${result.app}` : ''}. {result.rejected.length} rows were not imported:
          </p>
          <ul>
            {result.rejected.map((r) => (
              <li key={`${r.row}:${r.reason}`}>{r.row ? `Row ${r.row}: ${r.reason}` : r.reason}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section id="reviews" className="card">
        <h2>Reviews on the page</h2>
        {source ? (
          <p className="muted">
            Imported from {source}. {provenance}
          </p>
        ) : null}
        {items.length ? (
          <p className="muted">
            Shoppers read: “
            {reviewDisclosure(
              items.filter((r) => !r.hidden),
              fromMarketplace,
              language ?? undefined,
            )}
            ”
          </p>
        ) : null}
        {items.length === 0 ? (
          <p>This page has no reviews yet. Import your store&apos;s reviews below; Pagewright never writes reviews.</p>
        ) : (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="base_version" value={version} />
            <div className="review-actions">
              <span>With the selected reviews:</span>
              <button className="button button--small" name="intent" value={REVIEW_INTENT.hide}>
                Hide
              </button>
              <button className="button button--small" name="intent" value={REVIEW_INTENT.show}>
                Show
              </button>
              <button className="button button--small" name="intent" value={REVIEW_INTENT.pin}>
                Pin to the top
              </button>
              <button className="button button--small" name="intent" value={REVIEW_INTENT.unpin}>
                Unpin
              </button>
            </div>
            <table className="review-table">
              <thead>
                <tr>
                  <th scope="col">Select</th>
                  <th scope="col">Position</th>
                  <th scope="col">Review</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {items.map((r, i) => (
                  <tr key={i} className={r.hidden ? 'review-row review-row--hidden' : 'review-row'}>
                    <td>
                      <input type="checkbox" name="sel" value={i} aria-label={`Select the review by ${r.author}`} />
                    </td>
                    <td>
                      <input
                        name={`order.${i}`}
                        className="input input--small"
                        inputMode="numeric"
                        size={3}
                        defaultValue={String(i + 1)}
                        aria-label={`Position of the review by ${r.author}`}
                      />
                    </td>
                    <td>
                      <p className="muted">
                        <strong>{r.author}</strong>
                        {r.rating !== null ? ` · ${r.rating} out of 5` : ''}
                        {r.date ? ` · ${formatDate(r.date).text}` : ''}
                        {r.origin === 'owner' ? ` · imported by you from ${r.importedFrom ?? 'a review file'}` : ''}
                        {r.edited ? ' · corrected' : ''}
                      </p>
                      <textarea
                        name={`body.${i}`}
                        className="input"
                        rows={2}
                        defaultValue={r.body}
                        aria-label={`Text of the review by ${r.author} (typo fixes only)`}
                      />
                    </td>
                    <td>{[r.hidden ? 'Hidden' : 'Shown', r.pinned ? 'Pinned' : null].filter(Boolean).join(' · ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="hint">
              Author, rating and date are the reviewer&apos;s and cannot be changed. Texts accept typo corrections only.
            </p>
            <button className="button button--primary" name="intent" value={REVIEW_INTENT.save}>
              Save order and corrections
            </button>
          </Form>
        )}
      </section>
      <Form method="post" encType="multipart/form-data" className="card editor-form" id="import">
        <h2>Import your store&apos;s reviews</h2>
        <p className="muted">
          A CSV export from Judge.me or Shopify Product Reviews (or a file with title, body, rating, review_date and reviewer_name columns),
          up to 2 MB and 5,000 reviews. Good rows are added; rows that cannot be used are listed with the reason.
        </p>
        <input type="hidden" name="base_version" value={version} />
        <div className="field">
          <label htmlFor="review-file">CSV file</label>
          <input id="review-file" name="file" type="file" accept=".csv,text/csv" className="input" />
        </div>
        <button className="button button--primary" name="intent" value={REVIEW_INTENT.import}>
          Import reviews
        </button>
      </Form>
    </div>
  )
}
