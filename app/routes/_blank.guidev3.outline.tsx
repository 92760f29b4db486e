import { randomBytes } from 'node:crypto'
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ApiError } from '~/.server/api'
import { requireUser } from '~/.server/auth'
import { toGuideStep } from '~/.server/guide'
import { asHttpError, httpError, orHttpError } from '~/.server/responses'
import { GuideSteps } from '~/components/guide/GuideSteps'
import { formObject } from '~/forms/form-object'
import { OUTLINE_INTENT } from '~/forms/intents'
import { outlineAnchor } from '~/forms/outline'
import { applyOutlineIntent, OUTLINE_LISTS, outlineFormSchema, outlineFromForm, sectionToShow } from '~/forms/outline.server'
import guideCss from '~/styles/guide.css?url'
import { guideOf, guidePath, guideProgress } from '../../server/domain/onboarding'
import { outlineSchema } from '../../server/domain/outline'
import { SECTION_LABELS, SECTION_TYPES } from '../../server/domain/page/section-types'
import { TASK_STATUS } from '../../server/domain/task-status'
import { taskIdParam } from '../../server/domain/url-state'
import { describeZodError } from '../../server/domain/validation'

export const meta: MetaFunction = () => [{ title: 'Review the outline · Pagewright' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guideCss }]

const UNREADABLE = 'That outline could not be read. Please reload the page and try again.'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context)
  const sessionId = taskIdParam(new URL(request.url).search)
  if (!sessionId) throw httpError(404, 'There is no outline to review here.')
  const task = await orHttpError(api.tasks.get(sessionId))
  const guide = guideOf(new URL(request.url).searchParams) === 'v3' ? 'v3' : null
  if (task.status !== TASK_STATUS.outlineReady || !task.outline) throw redirect(afterOutline(guide, task.session_id, '/guidev3/generating'))
  return json({
    sessionId: task.session_id,
    title: task.title,
    outline: task.outline,
    progress: guide ? guideProgress(guide, '/guidev3/outline') : null,
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, user } = await requireUser(request, context)
  const sessionId = taskIdParam(new URL(request.url).search)
  if (!sessionId) throw httpError(404, 'There is no outline to review here.')
  // In guide v3 the plans come next (the page is written meanwhile); otherwise its progress.
  const guide = guideOf(new URL(request.url).searchParams) === 'v3' ? 'v3' : null
  const form = outlineFormSchema.safeParse(formObject(await request.formData(), OUTLINE_LISTS))
  if (!form.success) return json({ formError: UNREADABLE, error: null, outline: null }, { status: 400 })
  const { intent } = form.data
  const submitted = outlineFromForm(form.data)
  const outline =
    intent.kind !== 'save' && intent.kind !== 'continue'
      ? applyOutlineIntent(submitted, intent, () => `s${randomBytes(4).toString('hex')}`)
      : submitted
  const parsed = outlineSchema.safeParse(outline)
  if (!parsed.success) return json({ formError: null, error: describeZodError(parsed.error).fields, outline }, { status: 400 })
  try {
    await api.tasks.saveOutline(sessionId, parsed.data)
    if (intent.kind === 'continue') {
      await api.tasks.continue(sessionId)
      // The page is written from here: in the guide, its view will say what comes next.
      if (guide) return toGuideStep(request, user, afterOutline(guide, sessionId, '/guidev3/pricing'), sessionId)
      return redirect(afterOutline(guide, sessionId, '/guidev3/pricing'))
    }
  } catch (error) {
    // Past review already (another tab went on): on to what comes next.
    if (error instanceof ApiError && error.status === 409) return redirect(afterOutline(guide, sessionId, '/guidev3/pricing'))
    // Someone else's task, or none by this id: the 404 page, not a 500.
    throw asHttpError(error)
  }
  // Back to the section that changed (a plain anchor: the browser scrolls there, with or without JS).
  const show = sectionToShow(submitted, parsed.data, intent)
  const here = guide ? guidePath(guide, '/guidev3/outline', sessionId) : `/guidev3/outline?session_id=${encodeURIComponent(sessionId)}`
  return redirect(`${here}${show ? `#${outlineAnchor(show)}` : ''}`)
}

/** Where the outline leads: the guide's next step, or the page's progress outside a guide. */
const afterOutline = (guide: 'v3' | null, sessionId: string, guideStep: string) =>
  guide ? guidePath(guide, guideStep, sessionId) : `/guidev3/generating?session_id=${sessionId}`

export default function OutlineEditor() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const outline = actionData?.outline ?? data.outline
  const busy = useNavigation().state !== 'idle'
  const errorAt = (i: number) => actionData?.error?.[`sections.${i}.title`]?.[0]
  return (
    <section className="card outline-card">
      {data.progress ? <GuideSteps progress={data.progress} /> : null}
      <h1>Review the outline</h1>
      <p className="muted">
        {data.title ? (
          <>
            For <strong>{data.title}</strong>.{' '}
          </>
        ) : null}
        Rename sections, reorder them, and edit the points (one per line). The page is written from this outline and the product's facts
        only.
      </p>
      {actionData?.formError ? (
        <p className="notice notice--error" role="alert">
          {actionData.formError}
        </p>
      ) : null}
      <Form method="post" className="outline-form" data-testid="outline-form">
        {/* Enter in a field saves (the first submit button is the form's default). */}
        <button type="submit" name="intent" value={OUTLINE_INTENT.save} className="sr-only" tabIndex={-1} aria-hidden="true" />
        {outline.sections.map((s, i) => (
          <fieldset key={s.id} id={outlineAnchor(s.id)} className="outline-section" data-testid="outline-section">
            <legend className="outline-legend">{`${i + 1}. ${SECTION_LABELS[s.type]}`}</legend>
            <input type="hidden" name="id" value={s.id} />
            <input type="hidden" name="type" value={s.type} />
            <div className="field">
              <label htmlFor={`title-${s.id}`}>Section title</label>
              <input
                id={`title-${s.id}`}
                className="input"
                name="title"
                defaultValue={s.title}
                maxLength={200}
                aria-invalid={errorAt(i) ? true : undefined}
              />
              {errorAt(i) ? <p className="field-errors">{errorAt(i)}</p> : null}
            </div>
            <div className="field">
              <label htmlFor={`points-${s.id}`}>Points (one per line)</label>
              <textarea
                id={`points-${s.id}`}
                className="input"
                name="points"
                rows={Math.max(2, s.points.length + 1)}
                defaultValue={s.points.join('\n')}
              />
            </div>
            <div className="outline-tools">
              <button
                type="submit"
                name="intent"
                value={OUTLINE_INTENT.up(i)}
                className="button button--small"
                disabled={i === 0}
                aria-label={`Move ${s.title} up`}
              >
                ↑ Up
              </button>
              <button
                type="submit"
                name="intent"
                value={OUTLINE_INTENT.down(i)}
                className="button button--small"
                disabled={i === outline.sections.length - 1}
                aria-label={`Move ${s.title} down`}
              >
                ↓ Down
              </button>
              <button
                type="submit"
                name="intent"
                value={OUTLINE_INTENT.remove(i)}
                className="button button--small button--ghost"
                disabled={outline.sections.length === 1}
                aria-label={`Remove ${s.title}`}
              >
                Remove
              </button>
            </div>
          </fieldset>
        ))}
        <div className="outline-add">
          <span className="muted small">Add a section:</span>
          {SECTION_TYPES.filter((t) => t !== 'hero').map((t) => (
            <button key={t} type="submit" name="intent" value={OUTLINE_INTENT.add(t)} className="button button--small">
              + {SECTION_LABELS[t]}
            </button>
          ))}
        </div>
        <div className="actions-row sticky-actions">
          <button type="submit" name="intent" value={OUTLINE_INTENT.continue} className="button button--primary" disabled={busy}>
            Write the page
          </button>
          <button type="submit" name="intent" value={OUTLINE_INTENT.save} className="button" disabled={busy}>
            Save outline
          </button>
          <Link to="/latest" className="button button--ghost">
            Later
          </Link>
        </div>
      </Form>
    </section>
  )
}
