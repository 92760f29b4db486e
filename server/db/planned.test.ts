import { and, eq, gt, sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../tests/helpers/db'
import { plannedQuery, sqlLiteral } from './planned'

const people = pgTable('planned_people', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  profile: jsonb('profile').$type<{ likes: string[] }>(),
})
const pets = pgTable('planned_pets', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
  legs: integer('legs').notNull(),
})

const FIELDS = { id: people.id, name: people.name, seenAt: people.seenAt, profile: people.profile, petLegs: pets.legs }
const HOSTILE = `O'Brien \\'); drop table planned_people; --`

describe.each(DB_KINDS)('a query planned once on %s', (kind) => {
  let t: TestDatabase
  const select = () =>
    t.database.db
      .select(FIELDS)
      .from(people)
      .leftJoin(pets, and(eq(pets.ownerId, people.id), gt(pets.legs, 2)))
      .where(and(eq(people.name, sql.placeholder('name')), gt(people.seenAt, sql.placeholder('since'))))

  beforeAll(async () => {
    t = await createTestDatabase(kind)
    await t.database.sql.executeSql(`
      create table planned_people (id serial primary key, name text not null, seen_at timestamptz not null, profile jsonb);
      create table planned_pets (id serial primary key, owner_id integer not null, legs integer not null);`)
    await t.database.db.insert(people).values([
      { name: 'Ada', seenAt: new Date('2026-11-01T10:00:00Z'), profile: { likes: ['tea', 'maths'] } },
      { name: HOSTILE, seenAt: new Date('2026-11-02T10:00:00Z'), profile: null },
    ])
    await t.database.db.insert(pets).values([{ ownerId: 1, legs: 4 }])
  })
  afterAll(() => t.drop())

  it('returns the rows drizzle returns, run after run, with new inputs each time', async () => {
    const query = plannedQuery(t.database, 'planned_people_probe', select(), Object.keys(FIELDS))
    for (const [name, since] of [
      ['Ada', '2026-10-01T00:00:00Z'],
      [HOSTILE, '2026-10-01T00:00:00Z'],
      ['Ada', '2026-12-01T00:00:00Z'],
      ['Nobody', '2026-10-01T00:00:00Z'],
    ]) {
      const expected = await select().execute({ name, since })
      expect(await query({ name, since })).toEqual(expected)
    }
    const [ada] = await query({ name: 'Ada', since: new Date('2026-10-01T00:00:00Z') })
    expect(ada).toEqual({ id: 1, name: 'Ada', seenAt: new Date('2026-11-01T10:00:00Z'), profile: { likes: ['tea', 'maths'] }, petLegs: 4 })
  })

  it.runIf(kind === 'pglite')('is planned once: a prepared statement of the database, reused by later runs', async () => {
    const query = plannedQuery(t.database, 'planned_people_once', select(), Object.keys(FIELDS))
    await query({ name: 'Ada', since: '2026-01-01T00:00:00Z' })
    await query({ name: 'Ada', since: '2026-01-02T00:00:00Z' })
    const { rows } = await t.database.sql.executeSql(`select name from pg_prepared_statements where name = $1`, ['planned_people_once'])
    expect(rows).toHaveLength(1)
  })

  it('takes an input with quotes and SQL in it as a value', async () => {
    const query = plannedQuery(t.database, 'planned_people_hostile', select(), Object.keys(FIELDS))
    const rows = await query({ name: HOSTILE, since: '2026-01-01T00:00:00Z' })
    expect(rows).toEqual([expect.objectContaining({ name: HOSTILE, petLegs: null, profile: null })])
    expect(await t.database.db.select({ id: people.id }).from(people)).toHaveLength(2)
  })

  it('refuses a name that is not a plain identifier', () => {
    expect(() => plannedQuery(t.database, 'x; drop table planned_people', select(), Object.keys(FIELDS))).toThrow(/identifier/)
  })
})

describe('sqlLiteral', () => {
  it('quotes strings and dates the way Postgres reads them, and writes numbers, booleans and nulls plainly', () => {
    expect(sqlLiteral("it's")).toBe("'it''s'")
    expect(sqlLiteral('back\\slash')).toBe(" E'back\\\\slash'")
    expect(sqlLiteral(new Date('2026-11-29T00:00:00Z'))).toBe("'2026-11-29T00:00:00.000Z'")
    expect(sqlLiteral(42)).toBe('42')
    expect(sqlLiteral(false)).toBe('false')
    expect(sqlLiteral(null)).toBe('NULL')
  })
  it('refuses what it cannot write as a literal', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow()
    expect(() => sqlLiteral({ a: 1 })).toThrow()
  })
})
