/** What other areas may use of billing: the one plan-grant path (support console, user:role) and the plan mapping. */
export { endPlan, grantPlan, toPlan } from './grants'
