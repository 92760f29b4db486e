import { parseWithZod } from '@conform-to/zod/v4'
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { replyErrors } from '~/.server/api-failure'
import { requireUser } from '~/.server/auth'
import { env } from '~/.server/env'
import { newOnceKey, onceKeyOf } from '~/.server/once-key'
import { startTask } from '~/.server/start-task'
import { TemplateSwatch } from '~/components/templates/TemplateSwatch'
import { FieldErrors, FormErrors } from '~/components/ui/Field'
import { OnceKey } from '~/components/ui/OnceKey'
import { GENERATE_RULES } from '~/forms/generate'
import { generateSchema } from '~/forms/generate.server'
import { GENERATE_INTENT } from '~/forms/intents'
import { useForm } from '~/lib/form'
import templatesCss from '~/styles/templates.css?url'
import { CREDITS_PER_PAGE, generateDecision, importsAnyUrl } from '../../server/domain/entitlements'
import { PAGE_TEMPLATES, templateById } from '../../server/domain/templates'

export const meta: MetaFunction = () => [{ title: 'Generate a page · Pagewright' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: templatesCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context)
  const q = new URL(request.url).searchParams
  return json({
    mode: q.get('mode') === 'text' ? ('text' as const) : ('url' as const),
    url: q.get('url') ?? '',
    // ?template={id} from the template pages; an unknown id selects nothing (Best fit).
    templateId: templateById(Number(q.get('template')))?.id ?? null,
    credits: user.remaining_credit_count,
    canGenerate: generateDecision(user).allowed,
    anyUrl: importsAnyUrl(user),
    // On PUBLIC_URL, one of the origins the importer answers from the built-in demo store (offline).
    demoUrl: `${env().publicUrl}/demo-store/products/aurora-pour-over-set`,
    onceKey: newOnceKey(),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, api } = await requireUser(request, context)
  const form = await request.formData()
  const submission = parseWithZod(form, { schema: generateSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const v = submission.value
  const keep = { mode: v.mode, url: v.url, template: v.page_template_id ? String(v.page_template_id) : undefined }
  const source = v.mode === 'text' ? { text: v.text! } : { url: v.url!, outline: v.intent === GENERATE_INTENT.outline }
  const requestKey = onceKeyOf(form, { ...source, template: v.page_template_id })
  const started = await startTask(request, { user, api }, source, { templateId: v.page_template_id, keep, requestKey })
  if ('response' in started) return started.response
  if ('failure' in started) return json({ result: submission.reply(replyErrors(started.failure)) }, { status: started.failure.status })
  return redirect(`/guidev3/generating?session_id=${started.sessionId}`)
}

export default function Generate() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const { form, field } = useForm({
    lastResult: actionData?.result,
    rules: GENERATE_RULES,
    defaultValue: { url: data.url },
    validateOn: 'submit',
  })
  const url = field('url')
  const text = field('text')
  return (
    <section className="card generate-card">
      <h1>Generate a product page</h1>
      <p className="muted">
        Pagewright reads the product's real facts and writes a page from them. Each page costs {CREDITS_PER_PAGE} credits; you have{' '}
        {data.credits.toLocaleString('en-US')}.
      </p>
      <nav className="segmented" aria-label="Source">
        <Link to="/generate" replace aria-current={data.mode === 'url' ? 'true' : undefined}>
          Product link
        </Link>
        <Link to="/generate?mode=text" replace aria-current={data.mode === 'text' ? 'true' : undefined}>
          Paste a description
        </Link>
      </nav>
      <Form method="post" {...form.props}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <OnceKey value={data.onceKey} />
        <input type="hidden" name="mode" value={data.mode} />
        {data.mode === 'url' ? (
          <div className="field">
            <label htmlFor={url.id}>Product link</label>
            <input className="input" type="url" {...url.props} placeholder="https://your-store.com/products/…" autoFocus />
            <p className="hint">A Shopify product link{data.anyUrl ? ', or AliExpress, Amazon, Temu, DHgate or TikTok Shop' : ''}.</p>
            <FieldErrors meta={url} />
          </div>
        ) : (
          <div className="field">
            <label htmlFor={text.id}>Product description</label>
            <textarea
              className="input"
              rows={8}
              {...text.props}
              placeholder="Name on the first line, then what it is, what it's made of, sizes, features…"
            />
            <FieldErrors meta={text} />
          </div>
        )}
        <fieldset className="templates">
          <legend>
            Template <Link to="/templates">See full previews</Link>
          </legend>
          <label className="template-option">
            <input type="radio" name="page_template_id" value="" defaultChecked={!data.templateId} />
            <span>
              <span className="tpl-swatch tpl-swatch--auto" aria-hidden="true">
                ✦
              </span>
              <strong>Best fit</strong>
              <small>Chosen for the product</small>
            </span>
          </label>
          {PAGE_TEMPLATES.map((t) => (
            <label key={t.id} className="template-option">
              <input type="radio" name="page_template_id" value={t.id} defaultChecked={data.templateId === t.id} />
              <span>
                <TemplateSwatch theme={t.theme} order={t.order} />
                <strong>{t.name}</strong>
                <small>{t.bestFor}</small>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="actions-row">
          {data.mode === 'url' ? (
            <button type="submit" name="intent" value={GENERATE_INTENT.generate} className="button button--primary" disabled={busy}>
              Generate page
            </button>
          ) : null}
          <button
            type="submit"
            name="intent"
            value={GENERATE_INTENT.outline}
            className={`button${data.mode === 'text' ? ' button--primary' : ''}`}
            disabled={busy}
          >
            Review the outline first
          </button>
          <Link to="/" className="button button--ghost">
            Cancel
          </Link>
        </div>
      </Form>
      {data.mode === 'url' ? (
        // One click, no typing: its own form posting the built-in demo store's product link.
        <Form method="post" className="demo-form" data-testid="demo-form">
          <OnceKey value={data.onceKey} />
          <input type="hidden" name="mode" value="url" />
          <input type="hidden" name="url" value={data.demoUrl} />
          <span className="muted small">No product link at hand?</span>{' '}
          <button type="submit" name="intent" value={GENERATE_INTENT.generate} className="button button--small" disabled={busy}>
            Try with a demo product
          </button>
        </Form>
      ) : null}
    </section>
  )
}
