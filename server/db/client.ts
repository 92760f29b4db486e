import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { fromRoot } from '../paths'
import * as schema from './schema'
import { describeError, warnThrottled } from './unavailable'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

/** What pg-boss needs to run on either driver (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
}

export interface Database {
  kind: 'pglite' | 'postgres'
  db: Db
  sql: SqlExecutor
  migrate(): Promise<void>
  /** Runs start-up work (migrations, seeds, queue creation) one process at a time (a Postgres advisory lock). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>
  /**
   * Postgres only: a new connection outside the pool (the caller connects it), for session state that
   * must live as long as the process, such as the locks of running jobs (server/jobs/orphans.ts).
   */
  newClient?: () => pg.Client
  /** Postgres only: the pool's connections now (for /metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number }
  /** PGlite only: NOTIFY on `channel` in this process (server/db/changes.ts); resolves to unlisten. */
  listen?: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>
  /**
   * PGlite only: `text` (inputs $1…$n) `PREPARE`d as `name` on first use, then run by `EXECUTE` with
   * the inputs given as SQL literals; rows as arrays. Used through server/db/planned.ts.
   */
  planned?: (name: string, text: string) => (literals: string[]) => Promise<unknown[][]>
  /** PGlite only: the whole data folder as one file, to open copies from (`{ memory: true, from }`). */
  dump?: () => Promise<Blob>
  close(): Promise<void>
}

const MIGRATIONS = fromRoot('server', 'db', 'migrations')
// Any fixed number: serialises start-up work when several processes start at once on Postgres.
const STARTUP_LOCK = 7_351_902

/** `from`: a data folder saved by `dumpDataDir` to start from (tests copy one migrated database instead of migrating each). */
export type DatabaseConfig = { url: string } | { dataDir: string } | { memory: true; from?: Blob }

/**
 * PGlite's Postgres starts with 160 MB of shared buffers, sized for a server: the embedded default
 * serves one small store's data from one process, so 16 MB is plenty (the rest is the OS file cache)
 * and the process holds about 130 MB less at rest (`npm run bench` prints the breakdown).
 */
const PGLITE_CONF = ['shared_buffers = 16MB', 'wal_buffers = 512kB', 'temp_buffers = 4MB']

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if ('url' in config) return openPostgres(config.url)
  let client: PGlite
  if ('dataDir' in config) {
    // PGlite does not create parent folders.
    mkdirSync(config.dataDir, { recursive: true })
    client = new PGlite(config.dataDir, { postgresqlconf: PGLITE_CONF })
  } else {
    client = new PGlite({ postgresqlconf: PGLITE_CONF, loadDataDir: config.from })
  }
  await client.waitReady
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    kind: 'pglite',
    db,
    sql: {
      // pg-boss sends multi-statement scripts without parameters: PGlite runs those with exec.
      async executeSql(text, values) {
        if (values && values.length) return client.query<Record<string, unknown>>(text, values)
        const results = await client.exec(text)
        return { rows: results.at(-1)?.rows ?? [] }
      },
    },
    migrate: () => migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: MIGRATIONS }),
    // PGlite serves one process: nothing to serialise.
    exclusive: (fn) => fn(),
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    planned: (name, text) => {
      let prepared: Promise<unknown> | undefined
      return async (literals) => {
        // Prepared again after a failure (the statement does not exist then).
        prepared ??= client.exec(`PREPARE ${name} AS ${text}`).catch((error: unknown) => {
          prepared = undefined
          throw error
        })
        await prepared
        const args = literals.length ? `(${literals.join(', ')})` : ''
        return (await client.query<unknown[]>(`EXECUTE ${name}${args}`, [], { rowMode: 'array' })).rows
      }
    },
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  }
}

async function openPostgres(url: string): Promise<Database> {
  const settings = {
    connectionString: url,
    // A database that does not answer (network cut, failover) fails the request in seconds instead of hanging it.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  }
  const pool = new pg.Pool({ ...settings, max: 10 })
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', (error) => warnThrottled('pool-error', 'postgres connection lost', { error: describeError(error) }))
  // A connection checked out of the pool (a transaction, the start-up lock) has no listener of the
  // pool's: when it is cut, its 'error' event would be thrown and stop the process. The query in
  // flight fails on its own and the pool discards the broken connection when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => warnThrottled('pool-error', 'postgres connection lost', { error: describeError(error) }))
  })
  const db = drizzlePg(pool, { schema }) as unknown as Db
  return {
    kind: 'postgres',
    db,
    sql: { executeSql: (text, values) => pool.query(text, values) },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: () => migratePg(db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: MIGRATIONS }),
    async exclusive(fn) {
      const conn = await pool.connect()
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK])
        return await fn()
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {})
        conn.release()
      }
    },
    newClient: () => new pg.Client({ ...settings, application_name: 'pagewright' }),
    close: () => pool.end(),
  }
}

/**
 * The raw connection of a drizzle transaction, so that pg-boss can insert a job inside it (its
 * `db` send option) and the job exists only if the transaction commits. Both drivers keep the
 * connection at `tx.session.client` with a `query(text, values)` method.
 */
export function txExecutor(tx: Tx): SqlExecutor {
  const client = (
    tx as unknown as { session: { client: { query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } } }
  ).session.client
  return { executeSql: (text, values) => client.query(text, values ?? []) }
}
