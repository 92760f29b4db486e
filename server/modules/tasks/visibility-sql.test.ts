import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../../tests/helpers/db'
import { tasks, users } from '../../db/schema'
import { taskHiddenUntil } from '../../domain/entitlements'
import { TASK_STATUSES } from '../../domain/task-status'
import { ROLES } from '../../domain/user'
import { createUser } from '../users'
import { hiddenTaskSql } from './visibility-sql'

const now = new Date('2026-11-23T12:00:00.000Z')
const WINDOWS = [45, 5, 0]
// Around each window's edge, and well inside and outside it (minutes before `now`; negative = future).
const AGES = [-1, 0, 0.001, 1, 4.999, 5, 5.001, 10, 44.999, 45, 45.001, 60, 24 * 60]

describe.each(DB_KINDS)('hide window: the SQL twin agrees with the domain rule (%s)', (kind) => {
  let t: TestDatabase
  const rows: { id: number; role: (typeof ROLES)[number]; status: number; createdAt: Date }[] = []

  beforeAll(async () => {
    t = await createTestDatabase(kind)
    const { db } = t.database
    for (const role of ROLES) {
      const user = await createUser(db, { email: `${role}@parity.test` }, now)
      await db.update(users).set({ role }).where(eq(users.id, user.id))
      for (const status of TASK_STATUSES) {
        for (const age of AGES) {
          const createdAt = new Date(now.getTime() - age * 60_000)
          const [row] = await db
            .insert(tasks)
            .values({ sessionId: randomUUID(), userId: user.id, flow: 'direct', status, createdAt, updatedAt: createdAt })
            .returning({ id: tasks.id })
          rows.push({ id: row.id, role, status, createdAt })
        }
      }
    }
  })
  afterAll(() => t.drop())

  it.each(WINDOWS)('window %i minutes, owner role from the users table (share pages)', async (window) => {
    const { db } = t.database
    const got = await db
      .select({ id: tasks.id, hidden: sql<boolean>`${hiddenTaskSql(sql`${users.role}`, now, window)}` })
      .from(tasks)
      .innerJoin(users, eq(users.id, tasks.userId))
    const hiddenInSql = new Map(got.map((r) => [r.id, r.hidden]))
    for (const r of rows) {
      expect(hiddenInSql.get(r.id), `${r.role} status ${r.status} made ${r.createdAt.toISOString()}`).toBe(
        taskHiddenUntil(r.role, r, now, window) !== null,
      )
    }
  })

  it.each(WINDOWS)('window %i minutes, role known in advance (owner lists)', async (window) => {
    const { db } = t.database
    for (const role of ROLES) {
      const got = await db
        .select({ id: tasks.id, hidden: sql<boolean>`${hiddenTaskSql(role, now, window)}` })
        .from(tasks)
        .innerJoin(users, eq(users.id, tasks.userId))
        .where(eq(users.role, role))
      for (const r of got) {
        const row = rows.find((x) => x.id === r.id)!
        expect(r.hidden).toBe(taskHiddenUntil(role, row, now, window) !== null)
      }
    }
  })
})
