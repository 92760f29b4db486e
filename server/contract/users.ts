import { z } from 'zod'
import { ROLES, type PublicUser } from '../domain/user'
import type { Same } from './same'

/** The user as the api shows it to its owner (reference §4 User, minus secrets and session fields). */
export const publicUserSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    username: z.string().nullable(),
    avatar: z.string().nullable(),
    email: z.string(),
    name: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string().nullable(),
    role: z.enum(ROLES),
    plan: z.string().nullable(),
    stripe_plan: z.string().nullable(),
    remaining_product_count: z.number().int(),
    remaining_credit_count: z.number().int(),
    last_credit_reset: z.string().nullable(),
    status: z.enum(['active', 'disabled']),
    facebook_id: z.string().nullable(),
    google_id: z.string().nullable(),
    invitation_code: z.string(),
    publish_pages_count: z.number().int(),
    api_key_hint: z.string().nullable(),
    created_at: z.string(),
    hide_window_minutes: z.number().describe('How long this user\u2019s new pages stay hidden: the setting for free users, 0 otherwise.'),
  })
  .meta({ id: 'User' })

// The schema and the domain's PublicUser are one shape, checked both ways at compile time.
const _publicUserMatchesDomain: Same<z.output<typeof publicUserSchema>, PublicUser> = true

export const authResultSchema = z
  .object({
    access_token: z.string(),
    expires_in: z.number().int(),
    token_type: z.literal('bearer'),
    user: publicUserSchema,
    new_account: z.boolean().describe('True when this sign-in created the account (the web sends new accounts into the onboarding guide).'),
  })
  .meta({ id: 'AuthResult' })
