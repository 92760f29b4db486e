/** Task status codes (ARCHITECTURE §4) and how screens name them. */
export const TASK_STATUS = { queued: 1, importing: 2, researching: 3, outlineReady: 4, generating: 5, completed: 10, failed: 90 } as const
export const RUNNING_STATUSES: number[] = [1, 2, 3, 5]
export const ALL_STATUSES = '1,2,3,4,5,10,90'
export const DATA_STATUS = { active: 1, archived: 2 } as const

export const STATUS_LABELS: Record<number, string> = {
  1: 'Queued',
  2: 'Importing',
  3: 'Researching',
  4: 'Outline ready',
  5: 'Writing',
  10: 'Ready',
  90: 'Failed',
}

/** The progress steps shown while a page is made; `outline` only in the outline flow. */
export function progressSteps(flow: 'direct' | 'outline', status: number) {
  const steps = [
    { key: 'import', label: 'Reading the product', done: status >= 3 && status !== 90, active: status === 1 || status === 2 },
    { key: 'research', label: 'Studying the facts', done: status >= 4 && status !== 90, active: status === 3 },
    ...(flow === 'outline' ? [{ key: 'outline', label: 'Outline approved', done: status >= 5 && status !== 90, active: status === 4 }] : []),
    { key: 'write', label: 'Writing the page', done: status === 10, active: status === 5 },
  ]
  return steps
}
