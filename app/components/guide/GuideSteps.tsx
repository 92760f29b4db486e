import { Link } from '@remix-run/react'

export interface GuideProgressData {
  step: number
  total: number
  steps: readonly { path: string; label: string }[]
}

/** Where a person is in a guide: "Step 2 of 4", every step's name, and a way out. */
export function GuideSteps({ progress }: { progress: GuideProgressData }) {
  return (
    <nav className="guide-steps" aria-label="Guide progress" data-testid="guide-steps">
      <p className="guide-steps-count">{`Step ${progress.step} of ${progress.total}`}</p>
      <ol>
        {progress.steps.map((s, i) => (
          <li
            key={s.path}
            className={i + 1 < progress.step ? 'done' : i + 1 === progress.step ? 'active' : undefined}
            aria-current={i + 1 === progress.step ? 'step' : undefined}
          >
            {s.label}
          </li>
        ))}
      </ol>
      <Link to="/" className="guide-skip">
        Skip the guide
      </Link>
    </nav>
  )
}
