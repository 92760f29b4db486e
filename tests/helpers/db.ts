import { createPostgresDatabase as createEmptyPostgres } from '../../scripts/bench/postgres'
import { openDatabase, type Database } from '../../server/db/client'
import { migrateAndSeed } from '../../server/db/seed'

export type DbKind = 'pglite' | 'postgres'

/** PGlite always; Postgres too when TEST_DATABASE_URL is set (CI sets it). */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

export interface TestDatabase {
  database: Database
  drop(): Promise<void>
}

/** An empty Postgres database of its own (for a server process to migrate); `drop()` removes it. */
export function createPostgresDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  return createEmptyPostgres(adminUrl)
}

let migratedPglite: Promise<Blob> | undefined

/**
 * One PGlite migrated and seeded per test process, saved as a data folder: a copy opens in ~0.3 s
 * where a new PGlite takes ~1 s to initialise before migrating (hundreds of databases per run).
 */
function migratedPgliteDump(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const database = await openDatabase({ memory: true })
    await migrateAndSeed(database)
    const dump = await database.dump!()
    await database.close()
    return dump
  })()
  return migratedPglite
}

/** A fresh, migrated and seeded database of its own; `drop()` removes it. */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ memory: true, from: await migratedPgliteDump() })
    // Already current: this only confirms it (and would apply a migration added since, were there one).
    await migrateAndSeed(database)
    return { database, drop: () => database.close() }
  }
  const pgDatabase = await createPostgresDatabase()
  const database = await openDatabase({ url: pgDatabase.url })
  await migrateAndSeed(database)
  return {
    database,
    async drop() {
      await database.close()
      await pgDatabase.drop()
    },
  }
}
