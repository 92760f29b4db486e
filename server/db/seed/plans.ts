import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../client'
import { plans } from '../schema'

type PlanSeed = typeof plans.$inferInsert

const YEARLY_FACTOR = 12 * 0.8 // yearly = 12 months at 20 % off
const round2 = (n: number) => Math.round(n * 100) / 100
const fmt = (n: number) => n.toLocaleString('en-US')

/** The catalogue served today (version "2", USD). The yearly 4,000-credit plan is the default. */
const CURRENT: PlanSeed[] = [
  [2000, 39],
  [4000, 59],
  [8000, 99],
].flatMap(([credits, monthly]) => [
  {
    slug: `v2-month-${credits}`,
    billingCycle: 'month' as const,
    amount: monthly,
    value: credits,
    name: `Pro ${fmt(credits)}`,
    creditValueMonth: credits,
    isDefault: false,
    version: '2',
  },
  {
    slug: `v2-year-${credits}`,
    billingCycle: 'year' as const,
    amount: round2(monthly * YEARLY_FACTOR),
    value: credits * 12,
    name: `Pro ${fmt(credits)} yearly`,
    creditValueMonth: credits,
    isDefault: credits === 4000,
    version: '2',
  },
])

/** Retired catalogue: kept for old subscriptions, never returned by the api. */
const RETIRED: PlanSeed[] = [
  {
    slug: 'v1-month-1000',
    billingCycle: 'month',
    amount: 29,
    value: 1000,
    name: 'Starter',
    creditValueMonth: 1000,
    version: '1',
    active: false,
  },
  {
    slug: 'v1-month-3000',
    billingCycle: 'month',
    amount: 49,
    value: 3000,
    name: 'Growth',
    creditValueMonth: 3000,
    version: '1',
    active: false,
  },
]

/** Idempotent: re-running updates the rows in place by slug. */
export async function seedPlans(db: DbOrTx): Promise<void> {
  await db
    .insert(plans)
    .values([...CURRENT, ...RETIRED])
    .onConflictDoUpdate({
      target: plans.slug,
      set: {
        billingCycle: sql`excluded.billing_cycle`,
        amount: sql`excluded.amount`,
        value: sql`excluded.value`,
        name: sql`excluded.name`,
        creditValueMonth: sql`excluded.credit_value_month`,
        isDefault: sql`excluded.is_default`,
        version: sql`excluded.version`,
        active: sql`excluded.active`,
      },
    })
}
