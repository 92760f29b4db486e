/** What other areas may use of pages (tasks). */
export { findOwnTask, listTasks } from './service'
export { savePageVersion } from './versions'
