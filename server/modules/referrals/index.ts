export { recordReferral } from './service'
