/** What other areas and `npm run user:role` may use of the support console: the one role change, and the plans it grants. */
export { applyRole, grantablePlan } from './service'
