import { describe, expect, it } from 'vitest'
import { changedFields, describeCreditRemoval, describeRevoke, describeRoleChange } from './admin'

const ana = { email: 'ana@example.com', role: 'free' as const, plan: null, remaining_credit_count: 4200 }
const monthly = { name: 'Pro 4,000', billing_cycle: 'month' as const, credit_value_month: 4000 }
const yearly = { name: 'Pro 4,000 yearly', billing_cycle: 'year' as const, credit_value_month: 4000 }

describe('support console words', () => {
  it('says what a role change grants, ends and keeps', () => {
    expect(describeRoleChange(ana, 'paid', monthly)).toBe(
      'Make ana@example.com Pro on Pro 4,000 (monthly): 4,000 credits for the month (100 pages).',
    )
    expect(describeRoleChange(ana, 'paid', yearly)).toBe(
      'Make ana@example.com Pro on Pro 4,000 yearly: 48,000 credits for the year, granted upfront (1,200 pages).',
    )
    expect(describeRoleChange({ ...ana, role: 'paid', plan: 'Pro 2,000' }, 'paid', monthly)).toMatch(
      /is Pro already \(Pro 2,000\): this grants one more period\.$/,
    )
    expect(describeRoleChange({ ...ana, role: 'paid', plan: 'Pro 2,000' }, 'free', null)).toBe(
      'Make ana@example.com Free: the plan Pro 2,000 ends; the 4,200 credits on the account stay.',
    )
    expect(describeRoleChange({ ...ana, role: 'admin' }, 'free', null)).toMatch(/stops being staff\.$/)
    expect(describeRoleChange(ana, 'admin', null)).toMatch(/^Make ana@example.com staff \(admin\)/)
    expect(describeRoleChange(ana, 'paid', null)).toMatch(/choose a plan first/)
  })

  it('refuses in words a removal below zero', () => {
    expect(describeCreditRemoval(ana, 200)).toEqual({
      text: 'Remove 200 credits from ana@example.com: the balance goes from 4,200 to 4,000.',
      possible: true,
    })
    expect(describeCreditRemoval(ana, 5000)).toEqual({
      text: 'ana@example.com has only 4,200 credits: remove at most 4,200.',
      possible: false,
    })
    expect(describeRevoke('ana@example.com', 1)).toBe(
      'Sign ana@example.com out everywhere: 1 active session ends. Their API key keeps working.',
    )
  })

  it('keeps only the fields that changed for the audit log', () => {
    expect(changedFields({ role: 'free', plan: null, credits: 1 }, { role: 'paid', plan: 'Pro', credits: 1 })).toEqual({
      before: { role: 'free', plan: null },
      after: { role: 'paid', plan: 'Pro' },
    })
  })
})
