/** The credit ledger: every change of a balance, used by tasks, billing, referrals and support. */
export { debitGeneration, recordSignupGrant, refundGeneration } from './ledger'
