import { PGlite } from '@electric-sql/pglite'

export interface CopiedPages {
  /** Session ids of the copies owned by the page's owner, in the order made. */
  shared: string[]
  /** Session id of the copy each viewer owns, by the viewer's e-mail. */
  byViewer: Map<string, string>
}

/**
 * Makes many pages cheaply: copies one finished page's task row (and its page versions) in the
 * embedded database — `count` copies for its owner, and one for each account in `viewerEmails` —
 * each with a new session id, so each is a page of its own to the product (its own share version,
 * its own /share address). The server must be stopped: PGlite serves one process at a time.
 */
export async function copyPages(pgliteDir: string, sessionId: string, count: number, viewerEmails: string[]): Promise<CopiedPages> {
  const db = await PGlite.create(pgliteDir)
  try {
    return await db.transaction(async (tx) => {
      const columns = async (table: string, leaveOut: string[]) =>
        (
          await tx.query<{ column_name: string }>(
            `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
            [table],
          )
        ).rows
          .map((r) => r.column_name)
          .filter((c) => !leaveOut.includes(c))
          .map((c) => `"${c}"`)
          .join(', ')
      // Not listed in the gallery: the copies stay out of /trending.
      const taskColumns = await columns('tasks', ['id', 'session_id', 'user_id', 'gallery_at'])
      const versionColumns = await columns('page_versions', ['id', 'task_id'])
      const source = await tx.query<{ id: number }>(`SELECT id FROM tasks WHERE session_id = $1`, [sessionId])
      if (!source.rows[0]) throw new Error(`no task with session id ${sessionId} to copy`)
      const sourceId = source.rows[0].id
      const { rows: before } = await tx.query<{ max: number }>(`SELECT coalesce(max(id), 0) AS max FROM tasks`)

      const shared = await tx.query<{ session_id: string }>(
        `INSERT INTO tasks (session_id, user_id, ${taskColumns})
         SELECT gen_random_uuid(), t.user_id, ${taskColumns.replace(/"([^"]+)"/g, 't."$1"')}
         FROM tasks t CROSS JOIN generate_series(1, $2::int) n WHERE t.id = $1 ORDER BY n
         RETURNING session_id`,
        [sourceId, count],
      )
      const viewers = await tx.query<{ session_id: string; email: string }>(
        `WITH made AS (
           INSERT INTO tasks (session_id, user_id, ${taskColumns})
           SELECT gen_random_uuid(), u.id, ${taskColumns.replace(/"([^"]+)"/g, 't."$1"')}
           FROM tasks t CROSS JOIN users u WHERE t.id = $1 AND u.email = ANY($2::text[])
           RETURNING session_id, user_id)
         SELECT made.session_id, users.email FROM made JOIN users ON users.id = made.user_id`,
        [sourceId, viewerEmails],
      )
      await tx.query(
        `INSERT INTO page_versions (task_id, ${versionColumns})
         SELECT n.id, ${versionColumns.replace(/"([^"]+)"/g, 'v."$1"')}
         FROM page_versions v CROSS JOIN tasks n WHERE v.task_id = $1 AND n.id > $2`,
        [sourceId, before[0].max],
      )
      const byViewer = new Map(viewers.rows.map((r) => [r.email.toLowerCase(), r.session_id]))
      const missing = viewerEmails.filter((e) => !byViewer.has(e.toLowerCase()))
      if (missing.length) throw new Error(`no account for ${missing.length} viewers (e.g. ${missing[0]})`)
      return { shared: shared.rows.map((r) => r.session_id), byViewer }
    })
  } finally {
    await db.close()
  }
}
