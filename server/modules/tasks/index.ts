/** What other areas may use of pages (tasks). */
export { createTask, findOwnTask, findOwnTaskId, listTasks } from './service'
export type { TaskRow } from './serialize'
export { savePageVersion, saveVariantVersion } from './versions'
export { isPageViewsKey, pageViewsKey } from './page-views'
export { deleteOldRequestKeys } from './request-keys'
