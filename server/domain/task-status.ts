/** Task status codes (docs/architecture.md, decisions) and how screens name them. */
export const TASK_STATUS = { queued: 1, importing: 2, researching: 3, outlineReady: 4, generating: 5, completed: 10, failed: 90 } as const
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS]
export const TASK_STATUSES = Object.values(TASK_STATUS) as TaskStatus[]

/** reference §5: data_status 2 means archived. */
export const DATA_STATUS = { active: 1, archived: 2 } as const
export type DataStatus = (typeof DATA_STATUS)[keyof typeof DATA_STATUS]
export const DATA_STATUSES = Object.values(DATA_STATUS) as DataStatus[]

/** Still being made: the worker owns the task until it reaches a final status or the outline. */
export const RUNNING_STATUSES: readonly TaskStatus[] = [
  TASK_STATUS.queued,
  TASK_STATUS.importing,
  TASK_STATUS.researching,
  TASK_STATUS.generating,
]
export const FINAL_STATUSES: TaskStatus[] = [TASK_STATUS.completed, TASK_STATUS.failed]
export const isRunning = (status: number) => (RUNNING_STATUSES as readonly number[]).includes(status)
export const isTaskStatus = (value: number): value is TaskStatus => (TASK_STATUSES as number[]).includes(value)

/** Lists ask for finished pages by default (reference §5); `ALL_STATUSES` asks for every status. */
export const DEFAULT_LIST_STATUS = String(TASK_STATUS.completed)
export const ALL_STATUSES = TASK_STATUSES.join(',')

export const STATUS_LABELS: Record<TaskStatus, string> = {
  [TASK_STATUS.queued]: 'Queued',
  [TASK_STATUS.importing]: 'Importing',
  [TASK_STATUS.researching]: 'Researching',
  [TASK_STATUS.outlineReady]: 'Outline ready',
  [TASK_STATUS.generating]: 'Writing',
  [TASK_STATUS.completed]: 'Ready',
  [TASK_STATUS.failed]: 'Failed',
}

/** The progress steps shown while a page is made; `outline` only in the outline flow. */
export function progressSteps(flow: 'direct' | 'outline', status: TaskStatus) {
  const { importing, researching, outlineReady, generating, completed, failed, queued } = TASK_STATUS
  const reached = (s: TaskStatus) => status >= s && status !== failed
  return [
    { key: 'import', label: 'Reading the product', done: reached(researching), active: status === queued || status === importing },
    { key: 'research', label: 'Studying the facts', done: reached(outlineReady), active: status === researching },
    ...(flow === 'outline'
      ? [{ key: 'outline', label: 'Outline approved', done: reached(generating), active: status === outlineReady }]
      : []),
    { key: 'write', label: 'Writing the page', done: status === completed, active: status === generating },
  ]
}
