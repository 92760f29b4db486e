import { DEFAULT_GUIDE_FLOW, GUIDE_FLOW_NAMES, isGuideFlow, type GuideFlow } from '../../server/domain/onboarding'

/**
 * Settings the web reads. In the embedded default, server/main.ts fills SESSION_SECRET from
 * DATA_DIR/secrets.json before the web loads; a web deployed on its own must be given one.
 */
function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

export function webEnv() {
  const env = process.env
  const port = env.PORT ?? '3000'
  const sessionSecrets = list(env.SESSION_SECRET)
  if (sessionSecrets.length === 0) {
    throw new Error('SESSION_SECRET is not set: the web needs it to sign session cookies.')
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '')
  return {
    isProduction: env.NODE_ENV === 'production',
    /** Remote api base; unset means the api runs in this process. */
    apiUrl: env.API_URL?.replace(/\/+$/, '') || null,
    publicUrl,
    /** Newest first: the first signs, all verify (rotation). */
    sessionSecrets,
    secureCookies: publicUrl.startsWith('https://'),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } : null,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
    /** Where a new account lands after signing up: the first step of a guide, or home (`off`). */
    onboardingFlow: onboardingFlow(env.ONBOARDING_FLOW),
    /** Tests only: the local Stripe double's origin (its hosted pages are where Pay Now leads). */
    stripeTestOrigin: env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE).origin : null,
  }
}

function onboardingFlow(value: string | undefined): GuideFlow | null {
  if (!value) return DEFAULT_GUIDE_FLOW
  if (value === 'off') return null
  if (isGuideFlow(value)) return value
  throw new Error(`ONBOARDING_FLOW must be one of ${GUIDE_FLOW_NAMES.join(', ')} or off; it is "${value}".`)
}

export type WebEnv = ReturnType<typeof webEnv>

/** LOG_LEVEL=silent quiets the web's log lines (tests); read apart from webEnv so logging never needs secrets. */
export const webLogSilenced = () => process.env.LOG_LEVEL === 'silent'

let cached: WebEnv | undefined
export const env = () => (cached ??= webEnv())
