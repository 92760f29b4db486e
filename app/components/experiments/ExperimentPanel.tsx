import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import { VARIANT_ANGLE_RULES, type VariantAngle } from '../../../server/domain/page/variants'
import { CONFIRM_PROMOTE, SPLIT } from '../../forms/experiments'
import { EXPERIMENT_INTENT } from '../../forms/intents'
import { withParams } from '../../lib/dialog-url'
import { formatCount, formatInterval, formatPercent } from '../charts/format'
import { variantLabel } from '../charts/PageAnalytics'
import { DialogFrame } from '../dialogs/DialogFrame'
import type { Experiment, ExperimentDecision } from './types'

export const EXPERIMENT_INTRO = 'Show another version to half your shoppers and learn which one sells more.'

/** The decision in a few words; the api's `reason` says why. */
export const DECISION_TITLES: Record<ExperimentDecision, string> = {
  collecting: 'Still collecting',
  challenger_wins: 'The challenger sells more',
  control_wins: 'Your live version sells more',
  no_difference: 'No clear difference',
}

export interface ChallengerChoice {
  version: number
  /** "Version 4 · Your edit · Nov 3" */
  label: string
}

interface Props {
  sessionId: string
  /** The plan allows experiments; a free account sees a Pro badge, and Start opens the upgrade dialog. */
  allowed: boolean
  /** The newest experiment (running, or the last result), or null before the first. */
  experiment: Experiment | null
  /** Versions that may be the challenger: every version but the live one, newest first. */
  choices: readonly ChallengerChoice[]
  /** The angles "Regenerate as a variant" can take on this page (each changes what shoppers see). */
  angles: readonly VariantAngle[]
  /** The page editor, where a new version is made. */
  editHref: string
  /** A 400 from Start, shown by the form. */
  startError?: string | null
  /** A 400 from Make a variant, shown by its form. */
  variantError?: string | null
}

const running = (e: Experiment | null) => e?.status === 'running'

/** A running experiment can be ended by making the challenger live; a stopped one only when the challenger won. */
export function promotable(e: Experiment | null): boolean {
  if (!e || !e.variants.some((v) => v.name === 'challenger')) return false
  return e.status === 'running' || (e.status === 'stopped' && e.decision === 'challenger_wins')
}

/** Why an experiment stopped, after "Stopped" (the owner's own stop needs no words). */
const STOPPED_BECAUSE: Record<NonNullable<Experiment['stop_reason']>, string> = {
  owner: '',
  page_changed: ': the live page was changed (an edit, a restore or a new draft), so the version it was compared against is gone',
  plan_ended: ': experiments are part of Pro, and this account is on the free plan now',
}

/** The state and the decision in a few words; the api's `reason` follows and says why. */
export function headline(e: Experiment): string {
  const challenger = e.variants.find((v) => v.name === 'challenger')?.version ?? e.challenger_version
  if (e.status === 'promoted') return `Version ${challenger} became the live page.`
  if (e.status === 'stopped') {
    const why = STOPPED_BECAUSE[e.stop_reason ?? 'owner']
    return e.decision === 'collecting' ? `Stopped before a decision${why}.` : `Stopped${why}. ${DECISION_TITLES[e.decision]}.`
  }
  return e.decision === 'collecting' ? 'Running.' : `${DECISION_TITLES[e.decision]}.`
}

/**
 * A/B testing a page (issue 25) as plain forms: start with a challenger and a split, watch the two
 * versions side by side, stop, or make the challenger the live page after confirming (a dialog
 * in the URL). A free account sees the same form; Start opens the upgrade dialog (the api's 403).
 */
export function ExperimentPanel({ sessionId, allowed, experiment, choices, angles, editHref, startError, variantError }: Props) {
  const { pathname, search } = useLocation()
  const busy = useNavigation().state !== 'idle'
  const confirming = new URLSearchParams(search).get(CONFIRM_PROMOTE.param) === CONFIRM_PROMOTE.value
  const challenger = experiment?.variants.find((v) => v.name === 'challenger') ?? null
  const mayPromote = promotable(experiment)
  const Hidden = () => <input type="hidden" name="session_id" value={sessionId} />

  return (
    <section
      className="card insights-card experiment-panel"
      id="experiment"
      aria-labelledby="experiment-title"
      data-testid="experiment-panel"
    >
      <h2 id="experiment-title" className="insights-card__title">
        Experiment
        {running(experiment) ? <span className="badge badge--accent">Running</span> : null}
        {allowed ? null : <span className="badge badge--plan">Pro</span>}
      </h2>
      {experiment ? (
        <>
          <p className="experiment-decision" data-testid="experiment-decision">
            <strong>{headline(experiment)}</strong>{' '}
            {/* Once made live, "more visitors needed" is moot; a decision it had still says why. */}
            {experiment.status === 'promoted' && experiment.decision === 'collecting' ? null : experiment.reason}
          </p>
          <table className="experiment-variants" data-testid="experiment-variants">
            <caption className="sr-only">The two versions side by side</caption>
            <thead>
              <tr>
                <td />
                {experiment.variants.map((v) => (
                  <th key={v.name} scope="col">
                    {variantLabel(v, experiment.status)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Shoppers</th>
                {experiment.variants.map((v) => (
                  <td key={v.name}>{v.name === 'challenger' ? experiment.split : 100 - experiment.split} %</td>
                ))}
              </tr>
              <tr>
                <th scope="row">Visitors</th>
                {experiment.variants.map((v) => (
                  <td key={v.name}>{formatCount(v.visitors)}</td>
                ))}
              </tr>
              <tr>
                <th scope="row" title="Visitors who pressed Buy on the shared page or checked out in the store, each once">
                  Conversions
                </th>
                {experiment.variants.map((v) => (
                  <td key={v.name}>{formatCount(v.conversions)}</td>
                ))}
              </tr>
              <tr>
                <th scope="row">Conversion</th>
                {experiment.variants.map((v) => (
                  <td key={v.name}>
                    <strong>{formatPercent(v.rate)}</strong> <span className="muted">({formatInterval(v.interval)})</span>
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
          <div className="experiment-actions">
            {mayPromote && challenger ? (
              <Link
                to={`${withParams(pathname, search, { [CONFIRM_PROMOTE.param]: CONFIRM_PROMOTE.value })}#experiment`}
                preventScrollReset
                className="button button--small button--primary"
              >
                Make version {challenger.version} live…
              </Link>
            ) : null}
            {running(experiment) ? (
              <Form method="post" preventScrollReset>
                <Hidden />
                <input type="hidden" name="experiment_id" value={experiment.id} />
                <button type="submit" name="intent" value={EXPERIMENT_INTENT.stop} className="button button--small" disabled={busy}>
                  Stop the experiment
                </button>
              </Form>
            ) : null}
          </div>
        </>
      ) : (
        <p data-testid="experiment-intro">{EXPERIMENT_INTRO}</p>
      )}
      {running(experiment) ? null : (
        <>
          <StartForm sessionId={sessionId} choices={choices} editHref={editHref} error={startError} again={!!experiment} busy={busy} />
          <VariantForm sessionId={sessionId} angles={angles} error={variantError} busy={busy} />
        </>
      )}
      {confirming && mayPromote && challenger ? (
        <DialogFrame
          title={`Make version ${challenger.version} the live page?`}
          maxWidth={460}
          closeTo={`${withParams(pathname, search, { [CONFIRM_PROMOTE.param]: null })}#experiment`}
          testId="promote-dialog"
        >
          <p>
            Every shopper sees version {challenger.version} from now on, and the experiment ends. Version{' '}
            {experiment!.variants.find((v) => v.name === 'control')?.version} stays in the page’s history.
          </p>
          <Form method="post" className="dialog-actions">
            <Hidden />
            <input type="hidden" name="experiment_id" value={experiment!.id} />
            <input type="hidden" name="confirm" value="yes" />
            <button type="submit" name="intent" value={EXPERIMENT_INTENT.promote} className="button button--primary" disabled={busy}>
              Yes, make version {challenger.version} live
            </button>
            <Link to={`${withParams(pathname, search, { [CONFIRM_PROMOTE.param]: null })}#experiment`} replace className="button">
              Cancel
            </Link>
          </Form>
        </DialogFrame>
      ) : null}
    </section>
  )
}

function StartForm(props: {
  sessionId: string
  choices: readonly ChallengerChoice[]
  editHref: string
  error?: string | null
  again: boolean
  busy: boolean
}) {
  const { sessionId, choices, editHref, error, again, busy } = props
  if (!choices.length) {
    return (
      <p className="muted small" data-testid="experiment-no-versions">
        An experiment needs a second version of the page: make a variant below, or <Link to={editHref}>change something in the editor</Link>{' '}
        and come back to test it against the live one.
      </p>
    )
  }
  return (
    <Form method="post" preventScrollReset className="experiment-start" data-testid="experiment-start">
      <input type="hidden" name="session_id" value={sessionId} />
      {again ? <p className="small experiment-start__again">Test another version:</p> : null}
      <div className="experiment-start__fields">
        <label className="experiment-start__field">
          <span>Challenger</span>
          {/* Keyed on the newest version: a variant just made (with JavaScript, no reload) becomes the one chosen. */}
          <select
            key={choices[0]?.version}
            name="challenger_version"
            className="input input--small"
            aria-invalid={error ? true : undefined}
          >
            {choices.map((c) => (
              <option key={c.version} value={c.version}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label className="experiment-start__field">
          <span>Shoppers who see it (%)</span>
          <input
            type="number"
            name="split"
            className="input input--small experiment-start__split"
            min={SPLIT.min}
            max={SPLIT.max}
            step={SPLIT.step}
            defaultValue={SPLIT.default}
            required
          />
        </label>
        <button
          type="submit"
          name="intent"
          value={EXPERIMENT_INTENT.start}
          className="button button--small button--primary"
          disabled={busy}
        >
          Start
        </button>
      </div>
      {error ? (
        <p className="field-errors" role="alert">
          {error}
        </p>
      ) : null}
    </Form>
  )
}

/**
 * "Regenerate as a variant": the live page's own sections in another order (an angle), saved as a
 * version that is not live, which the Start form above then offers first.
 */
function VariantForm(props: { sessionId: string; angles: readonly VariantAngle[]; error?: string | null; busy: boolean }) {
  const { sessionId, angles, error, busy } = props
  // Every angle would leave this page's order as it is: nothing to offer.
  if (!angles.length) return null
  return (
    <Form method="post" preventScrollReset className="experiment-variant" data-testid="experiment-variant">
      <input type="hidden" name="session_id" value={sessionId} />
      <fieldset className="experiment-variant__angles">
        <legend className="small">Or make a variant to test: the same words, in another order</legend>
        {angles.map((angle, i) => (
          <label key={angle} className="experiment-variant__angle">
            <input type="radio" name="angle" value={angle} defaultChecked={i === 0} />
            <span>
              <strong>{VARIANT_ANGLE_RULES[angle].label}</strong> <span className="muted small">{VARIANT_ANGLE_RULES[angle].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" name="intent" value={EXPERIMENT_INTENT.variant} className="button button--small" disabled={busy}>
        Regenerate as a variant
      </button>
      {error ? (
        <p className="field-errors" role="alert">
          {error}
        </p>
      ) : null}
    </Form>
  )
}
