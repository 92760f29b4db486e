import path from 'node:path'
import { openDatabase, type Database } from '../../server/db/client'
import { dataDirHolder } from '../../server/db/data-lock'
import { migrateAndSeed } from '../../server/db/seed'
import { ConfigError, type ServerEnv } from '../../server/env'

/**
 * The database a support command works on: DATABASE_URL, or the embedded PGlite folder — only
 * while the server is stopped (PGlite allows one process). Brought to the current schema first.
 */
export async function openCommandDatabase(env: ServerEnv): Promise<Database> {
  const dataDir = path.resolve(env.DATA_DIR)
  if (!env.DATABASE_URL) {
    const holder = dataDirHolder(dataDir)
    if (holder !== null) throw new ConfigError(`The server (pid ${holder}) has ${dataDir} open. Stop it, run this again, then start it.`)
  }
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(dataDir, 'pglite') })
  await database.exclusive(() => migrateAndSeed(database))
  return database
}
