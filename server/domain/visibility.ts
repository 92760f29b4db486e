import type { Role } from './user'

/** Spec §6: free users see their new pages only after this delay (a setting; 45 minutes by default). */
export const DEFAULT_HIDE_WINDOW_MINUTES = 45

/**
 * When a page becomes visible to its owner, or null if it already is. Measured on created_at
 * (or another timestamp the caller passes); paid and admin users see everything at once.
 */
export function hiddenUntil(role: Role, createdAt: Date | string, now: Date, windowMinutes = DEFAULT_HIDE_WINDOW_MINUTES): Date | null {
  if (role !== 'free') return null
  const readyAt = new Date(new Date(createdAt).getTime() + windowMinutes * 60_000)
  return readyAt > now ? readyAt : null
}

/** Splits a list into what the user may see now and what is still hidden (with the earliest ready time). */
export function applyHideWindow<T extends { created_at: string }>(
  role: Role,
  items: T[],
  now: Date,
  windowMinutes = DEFAULT_HIDE_WINDOW_MINUTES,
): { visible: T[]; hiddenCount: number; nextReadyAt: string | null } {
  const visible: T[] = []
  let next: Date | null = null
  let hiddenCount = 0
  for (const item of items) {
    const until = hiddenUntil(role, item.created_at, now, windowMinutes)
    if (!until) visible.push(item)
    else {
      hiddenCount++
      if (!next || until < next) next = until
    }
  }
  return { visible, hiddenCount, nextReadyAt: next?.toISOString() ?? null }
}
