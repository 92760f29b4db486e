import type { Database } from '../client'
import { seedPlans } from './plans'

/** Brings a database to the current schema and reference data. Safe to run on every start. */
export async function migrateAndSeed(database: Database): Promise<void> {
  await database.migrate()
  await database.db.transaction(async (tx) => {
    await seedPlans(tx)
  })
}
