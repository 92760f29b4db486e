import { progressSteps, type TaskStatus } from '../../server/domain/task-status'

/** The steps of a generation, the current one marked (server-rendered; refreshed by the page). */
export function TaskProgress({ flow, status, step }: { flow: 'direct' | 'outline'; status: TaskStatus; step: string | null }) {
  return (
    <ol className="progress" data-testid="progress">
      {progressSteps(flow, status).map((s) => (
        <li key={s.key} className={s.done ? 'done' : s.active ? 'active' : ''} aria-current={s.active ? 'step' : undefined}>
          <span className="progress-dot" aria-hidden="true">
            {s.done ? '✓' : ''}
          </span>
          {s.label}
          {s.active && step ? <small className="muted"> — {step}</small> : null}
        </li>
      ))}
    </ol>
  )
}
