/** Snackbar messages (reference §9.3). */
export type SnackbarType = 'success' | 'info' | 'warning' | 'error'

export interface SnackbarInput {
  type: SnackbarType
  title?: string
  text: string
  /** Milliseconds; 0 means sticky. */
  duration?: number
  dismissible?: boolean
}

export interface Snackbar extends SnackbarInput {
  id: string
  count: number
}

export const SNACKBAR_DEFAULT_MS = 4000

/** How long a message stays: null means until dismissed. */
export function snackbarLifetime(msg: Pick<SnackbarInput, 'duration' | 'dismissible'>): number | null {
  if (msg.duration === 0) return null
  if (msg.duration !== undefined) return msg.duration
  return msg.dismissible ? null : SNACKBAR_DEFAULT_MS
}

const sameMessage = (a: SnackbarInput, b: SnackbarInput) => a.type === b.type && a.title === b.title && a.text === b.text

/** Adds a message; a repeat of one already showing raises its count instead of stacking. */
export function addSnackbar(list: Snackbar[], msg: SnackbarInput, id: string): Snackbar[] {
  const existing = list.find((s) => sameMessage(s, msg))
  if (existing) return list.map((s) => (s === existing ? { ...s, count: s.count + 1 } : s))
  return [...list, { ...msg, id, count: 1 }]
}

export function removeSnackbar(list: Snackbar[], id: string): Snackbar[] {
  return list.filter((s) => s.id !== id)
}
