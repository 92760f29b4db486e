import { useSnackbar } from '../../lib/snackbar-context'
import { useHydrated } from '../../lib/use-hydrated'

/**
 * Copies text to the clipboard with our "Copied!" / "Can not copy!" messages (reference §8.1). The button
 * exists only once JS runs (the clipboard needs it); callers keep a no-JS fallback beside it.
 */
export function CopyButton({ text, label = 'Copy', className = 'button' }: { text: string; label?: string; className?: string }) {
  const hydrated = useHydrated()
  const { show } = useSnackbar()
  if (!hydrated) return null
  return (
    <button
      type="button"
      className={className}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text)
          show({ type: 'success', text: 'Copied!' })
        } catch {
          show({ type: 'error', text: 'Can not copy!' })
        }
      }}
    >
      {label}
    </button>
  )
}
