import { Link, useNavigate } from '@remix-run/react'
import { useEffect, useId, useRef, type ReactNode } from 'react'

/**
 * A modal panel drawn by the server (so it shows without JS). `closeTo` is the URL without the
 * dialog's parameters; persistent dialogs have none and close only through their own button.
 */
export function DialogFrame(props: { title: string; maxWidth: number; closeTo?: string; testId: string; children: ReactNode }) {
  const titleId = useId()
  const ref = useRef<HTMLElement>(null)
  const navigate = useNavigate()
  const { closeTo } = props

  useEffect(() => {
    ref.current?.focus()
    if (!closeTo) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') navigate(closeTo, { replace: true, preventScrollReset: true })
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [closeTo, navigate])

  return (
    <div className="dialog-backdrop">
      <section
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="dialog"
        style={{ maxWidth: props.maxWidth }}
        tabIndex={-1}
        data-testid={props.testId}
      >
        <header className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {props.title}
          </h2>
          {closeTo ? (
            <Link to={closeTo} className="dialog-close" replace preventScrollReset aria-label="Close">
              ×
            </Link>
          ) : null}
        </header>
        {props.children}
      </section>
    </div>
  )
}
