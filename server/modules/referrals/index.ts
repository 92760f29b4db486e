export { qualifyReferral, recordReferral } from './service'
