/** What other areas may use of pages (tasks). */
export { createTask, findOwnTask, listTasks, taskDetail } from './service'
export { toDetail, type TaskRow } from './serialize'
export { savePageVersion } from './versions'
