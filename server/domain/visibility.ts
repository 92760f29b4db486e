import { TASK_STATUS } from './task-status'
import { isFree, type Role } from './user'

/** Spec §6/§9: free users see their new pages only after this delay (a setting; 45 minutes by default). */
export const DEFAULT_HIDE_WINDOW_MINUTES = 45
/** The setting's upper bound: a week. */
export const MAX_HIDE_WINDOW_MINUTES = 10_080

/**
 * When a page becomes visible to a user of this role, or null if it already is. Measured on
 * created_at (or another timestamp the caller passes); paid and admin users see everything at once.
 */
export function hiddenUntil(role: Role, createdAt: Date | string, now: Date, windowMinutes = DEFAULT_HIDE_WINDOW_MINUTES): Date | null {
  if (!isFree(role)) return null
  const readyAt = visibleAt(createdAt, windowMinutes)
  return readyAt > now ? readyAt : null
}

/** When a free user's page made at `createdAt` shows. */
export function visibleAt(createdAt: Date | string, windowMinutes = DEFAULT_HIDE_WINDOW_MINUTES): Date {
  return new Date(new Date(createdAt).getTime() + windowMinutes * 60_000)
}

/**
 * The rule as the api applies it to a task: only a finished page is held back (one still being
 * made shows its progress). Its SQL twin is `server/modules/tasks/visibility-sql.ts`, kept equal
 * by a parity test.
 */
export function taskHiddenUntil(
  role: Role,
  task: { status: number; createdAt: Date | string },
  now: Date,
  windowMinutes = DEFAULT_HIDE_WINDOW_MINUTES,
): Date | null {
  return task.status === TASK_STATUS.completed ? hiddenUntil(role, task.createdAt, now, windowMinutes) : null
}

/** How long this role's new pages stay hidden: the setting for free users, 0 for everyone else. */
export function hideWindowFor(role: Role, windowMinutes = DEFAULT_HIDE_WINDOW_MINUTES): number {
  return isFree(role) ? windowMinutes : 0
}
