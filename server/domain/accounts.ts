/** Login-code rules (docs/security.md). */
export const LOGIN_CODE = {
  lifetimeMs: 10 * 60_000,
  resendWaitSeconds: 30,
  maxAttempts: 5,
  /** Account-level failure budget, whatever the IP. */
  failureBudget: 10,
  failureWindowMs: 15 * 60_000,
} as const

/**
 * Sign-in requests per client address (docs: /docs#rate-limits): e-mailed codes at most `perIp`
 * per window (AUTH_RATE_LIMIT_PER_IP replaces the default), code checks `verifyFactor` times that.
 */
export const AUTH_RATE_LIMIT = { defaultPerIp: 30, windowMs: 10 * 60_000, verifyFactor: 2 } as const

export const SESSION_TTL_SECONDS = 2_592_000

export const resendWaitMessage = (remaining: number) => `Please wait ${remaining} seconds before requesting again.`
