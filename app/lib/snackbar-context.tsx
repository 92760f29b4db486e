import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { addSnackbar, removeSnackbar, snackbarLifetime, type Snackbar, type SnackbarInput } from '../../server/domain/snackbar'

interface SnackbarApi {
  list: Snackbar[]
  show(msg: SnackbarInput): void
  dismiss(id: string): void
}

const Ctx = createContext<SnackbarApi | null>(null)
let seq = 0

/** Holds the messages on screen: those the server flashed, and those raised in the browser. */
export function SnackbarProvider({ initial, children }: { initial: (SnackbarInput & { id: string })[]; children: ReactNode }) {
  const [list, setList] = useState<Snackbar[]>(() => initial.reduce<Snackbar[]>((l, m) => addSnackbar(l, m, m.id), []))
  const seen = useRef(new Set(initial.map((m) => m.id)))
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>())

  const dismiss = useCallback((id: string) => setList((l) => removeSnackbar(l, id)), [])
  const show = useCallback((msg: SnackbarInput) => setList((l) => addSnackbar(l, msg, `c${++seq}`)), [])

  // Messages flashed by later navigations arrive as new loader data.
  useEffect(() => {
    for (const m of initial) {
      if (seen.current.has(m.id)) continue
      seen.current.add(m.id)
      setList((l) => addSnackbar(l, m, m.id))
    }
  }, [initial])

  // (Re)arm the timer of each message; a repeat restarts its 4 s.
  useEffect(() => {
    for (const s of list) {
      const ms = snackbarLifetime(s)
      const key = `${s.id}:${s.count}`
      if (ms === null || timers.current.has(key)) continue
      for (const [k, t] of timers.current) if (k.startsWith(`${s.id}:`)) clearTimeout(t)
      timers.current.set(
        key,
        setTimeout(() => dismiss(s.id), ms),
      )
    }
  }, [list, dismiss])

  const value = useMemo(() => ({ list, show, dismiss }), [list, show, dismiss])
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>
}

export function useSnackbar() {
  const ctx = useContext(Ctx)
  if (!ctx) throw new Error('useSnackbar outside SnackbarProvider')
  return ctx
}
