import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../../../tests/helpers/api'
import { DB_KINDS } from '../../../tests/helpers/db'
import { migrateAndSeed } from '../../db/seed'
import { yearlyDiscountPercent } from '../../domain/plans'

describe.each(DB_KINDS)('plans api on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi(kind)
  })
  afterAll(() => t.close())

  it('serves the version-2 catalogue in USD, yearly at 20 % off, yearly 4,000 the default', async () => {
    const res = await t.call('GET', '/v2/subscription/plans?version=2')
    expect(res.status).toBe(200)
    const summary = res.body.map((p: any) => [p.billing_cycle, p.credit_value_month, p.amount, p.is_default, p.version])
    expect(summary).toEqual([
      ['month', 2000, 39, false, '2'],
      ['month', 4000, 59, false, '2'],
      ['month', 8000, 99, false, '2'],
      ['year', 2000, 374.4, false, '2'],
      ['year', 4000, 566.4, true, '2'],
      ['year', 8000, 950.4, false, '2'],
    ])
    for (const yearly of res.body.filter((p: any) => p.billing_cycle === 'year')) expect(yearlyDiscountPercent(yearly, res.body)).toBe(20)
    expect(res.body[0]).toMatchObject({ type: 'recurring', active: true })
  })

  it('never returns other versions', async () => {
    expect((await t.call('GET', '/v2/subscription/plans?version=1')).body).toEqual([])
    expect((await t.call('GET', '/v2/subscription/plans')).body).toHaveLength(6)
  })

  it('seeding twice changes nothing', async () => {
    await migrateAndSeed(t.db.database)
    const { rows } = await t.db.database.sql.executeSql('SELECT count(*)::int AS n FROM plans', [])
    expect(rows[0].n).toBe(8)
  })
})
