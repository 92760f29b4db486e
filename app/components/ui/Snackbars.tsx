import { snackbarLifetime } from '../../../server/domain/snackbar'
import { useSnackbar } from '../../lib/snackbar-context'

const ICON = { success: '✓', info: 'i', warning: '!', error: '×' } as const

/**
 * The message stack. Without JS, a CSS animation hides 4-second messages and a label/checkbox
 * pair dismisses sticky ones; with JS the provider's timers do the same.
 */
export function Snackbars() {
  const { list, dismiss } = useSnackbar()
  return (
    <div className="snackbars" role="status" aria-live="polite">
      {list.map((s) => {
        const lifetime = snackbarLifetime(s)
        const autoHide = lifetime !== null
        const toggle = `snack-${s.id}`
        return (
          <div key={s.id} className="snackbar-slot">
            <input type="checkbox" id={toggle} className="snackbar-toggle" aria-hidden="true" tabIndex={-1} />
            <div
              key={s.count /* a repeat restarts the hide animation */}
              className={`snackbar snackbar--${s.type}${autoHide ? ' snackbar--auto' : ''}`}
              style={autoHide ? { animationDelay: `${lifetime}ms` } : undefined}
              data-testid="snackbar"
            >
              <span className="snackbar-icon" aria-hidden="true">
                {ICON[s.type]}
              </span>
              <div className="snackbar-body">
                {s.title ? <strong className="snackbar-title">{s.title}</strong> : null}
                <span className="snackbar-text">{s.text}</span>
              </div>
              {s.count > 1 ? (
                <span className="snackbar-count" aria-label={`shown ${s.count} times`}>
                  ×{s.count}
                </span>
              ) : null}
              {!autoHide ? (
                <label htmlFor={toggle} className="snackbar-close" onClick={(e) => (e.preventDefault(), dismiss(s.id))}>
                  <span aria-hidden="true">×</span>
                  <span className="sr-only">Dismiss</span>
                </label>
              ) : null}
            </div>
          </div>
        )
      })}
    </div>
  )
}
