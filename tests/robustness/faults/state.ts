import path from 'node:path'
import pg from 'pg'
import { openDatabase } from '../../../server/db/client'

/** Reads the database behind a server directly (PGlite: only while no server has the folder). */
export interface Reader {
  rows<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>
  close(): Promise<void>
}

export async function openReader(where: { dataDir: string } | { url: string }): Promise<Reader> {
  if ('url' in where) {
    const client = new pg.Client({ connectionString: where.url })
    await client.connect()
    return { rows: async (text, values) => (await client.query(text, values)).rows, close: () => client.end() }
  }
  const database = await openDatabase({ dataDir: path.join(where.dataDir, 'pglite') })
  return {
    rows: async <T>(text: string, values?: unknown[]) => (await database.sql.executeSql(text, values ?? [])).rows as T[],
    close: () => database.close(),
  }
}

export interface GenerationState {
  balance: number
  tasks: { id: number; status: number; page_version: number; has_page: boolean; credits_charged: number; refunded: boolean }[]
  ledger: { delta: number; reason: string; task_id: number | null }[]
  versions: number
  jobs: { state: string; retry_count: number }[]
}

/** One user's credits, tasks, ledger, page versions and generation jobs. */
export async function generationState(db: Reader, email: string): Promise<GenerationState> {
  const [user] = await db.rows<{ id: number; balance: number }>(
    'SELECT id, remaining_credit_count AS balance FROM users WHERE email = $1',
    [email],
  )
  if (!user) throw new Error(`no user ${email}`)
  const tasks = await db.rows<GenerationState['tasks'][number]>(
    `SELECT id, status, page_version, page IS NOT NULL AS has_page, credits_charged, refunded_at IS NOT NULL AS refunded
       FROM tasks WHERE user_id = $1 ORDER BY id`,
    [user.id],
  )
  const ledger = await db.rows<GenerationState['ledger'][number]>(
    'SELECT delta, reason, task_id FROM credit_ledger WHERE user_id = $1 ORDER BY id',
    [user.id],
  )
  const ids = tasks.map((t) => t.id)
  const [{ n }] = await db.rows<{ n: number }>('SELECT count(*)::int AS n FROM page_versions WHERE task_id = ANY($1::int[])', [ids])
  const jobs = await db.rows<GenerationState['jobs'][number]>(
    `SELECT state::text AS state, retry_count FROM pgboss.job
      WHERE name = 'generate-task' AND (data->>'taskId')::int = ANY($1::int[]) ORDER BY created_on`,
    [ids],
  )
  return { balance: user.balance, tasks, ledger, versions: n, jobs }
}
