import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { answerQuickQuestion, loadQuickQuestion } from '~/.server/guide-v1'
import { GuideSteps } from '~/components/guide/GuideSteps'
import guideCss from '~/styles/guide.css?url'
import { guidePath } from '../../server/domain/onboarding'

export const meta: MetaFunction = () => [{ title: 'A quick question · Pagewright' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guideCss }]

export const loader = ({ request, context }: LoaderFunctionArgs) => loadQuickQuestion(request, context)
export const action = ({ request, context }: ActionFunctionArgs) => answerQuickQuestion(request, context)

/** Guide v1, step 1: what the person sells, where and how much — every answer optional. */
export default function GuideQuickQuestion() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  return (
    <section className="guide">
      <GuideSteps progress={data.progress} />
      <Form method="post" className="card guide-form">
        <h1>A quick question</h1>
        <p className="muted">Three clicks help us suggest the right templates for your products. Skip any you like.</p>
        {actionData && 'error' in actionData ? (
          <p className="notice notice--error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        {data.questions.map((q) => (
          <fieldset key={q.id} className="guide-question">
            <legend>{q.question}</legend>
            <div className="guide-options">
              {q.options.map((o) => (
                <label key={o}>
                  <input type="radio" name={q.id} value={o} />
                  {o}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <p className="actions-row">
          <button type="submit" className="button button--primary" disabled={busy}>
            Continue
          </button>
          <Link to={guidePath('v1', '/guide/add-store')} className="button button--ghost">
            Skip
          </Link>
        </p>
      </Form>
    </section>
  )
}
