/** What other areas may use of the template library: the preview's sample page. */
export { samplePage } from './service'
