import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../../tests/helpers/db'
import { tasks, users } from '../../db/schema'
import { listedInGallery } from '../../domain/entitlements'
import { TASK_STATUS } from '../../domain/task-status'
import { ROLES, type Role } from '../../domain/user'
import { createUser } from '../users'
import { galleryChosenSql } from './gallery-sql'

const now = new Date('2026-11-23T12:00:00.000Z')

describe.each(DB_KINDS)('gallery: the SQL twin agrees with listedInGallery (%s)', (kind) => {
  let t: TestDatabase
  const rows: { id: number; role: Role; chosen: boolean }[] = []

  beforeAll(async () => {
    t = await createTestDatabase(kind)
    const { db } = t.database
    for (const role of ROLES) {
      const user = await createUser(db, { email: `${role}@gallery-parity.test` }, now)
      await db.update(users).set({ role }).where(eq(users.id, user.id))
      for (const chosen of [true, false]) {
        const [row] = await db
          .insert(tasks)
          .values({
            sessionId: randomUUID(),
            userId: user.id,
            flow: 'direct',
            status: TASK_STATUS.completed,
            galleryAt: chosen ? now : null,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: tasks.id })
        rows.push({ id: row.id, role, chosen })
      }
    }
  })
  afterAll(() => t.drop())

  it('for every role, chosen or not (the page otherwise shareable)', async () => {
    const got = await t.database.db
      .select({ id: tasks.id, listed: sql<boolean>`${galleryChosenSql()}` })
      .from(tasks)
      .innerJoin(users, eq(users.id, tasks.userId))
    const listed = new Map(got.map((r) => [r.id, r.listed]))
    for (const r of rows)
      expect(listed.get(r.id), `${r.role}, chosen ${r.chosen}`).toBe(
        listedInGallery({ role: r.role }, { galleryChosen: r.chosen, shareable: true }),
      )
  })
})
