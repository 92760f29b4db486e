/**
 * Accounts: every write to a balance or the plan (credits, publish slots, role, plan, product room)
 * and the account opening. Other areas decide with server/domain/entitlements.ts and write here; an
 * ESLint rule keeps those columns and ledgers out of every other file.
 */
export { accountOf, lockAccount, setProductsKept } from './account'
export { changeCredits, creditsGrantedBy, refundPage, spendForPage, takeBackCredits } from './credits'
export { openAccount } from './open'
export { endPlan, grantPlan, setPlan, setRole, toPlan } from './plan'
export { earnReferralSlot, giveBackSlot, spendSlot, takeBackReferralSlot } from './slots'
