import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Outline } from '../domain/outline'
import type { Page } from '../domain/page/schema'
import { PAGE_VERSION_KINDS } from '../domain/page/versions'
import type { ProductFacts } from '../domain/product-facts'
import { DATA_STATUS, DATA_STATUSES, TASK_STATUS, TASK_STATUSES, type DataStatus, type TaskStatus } from '../domain/task-status'
import { DEFAULT_FIRST_NAME, ROLES } from '../domain/user'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Spec §3 User. Secrets (api key) are stored hashed; session fields live in `sessions`. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique(),
    username: text('username'),
    avatar: text('avatar'),
    email: text('email').notNull(),
    name: text('name'),
    firstName: text('first_name').notNull().default(DEFAULT_FIRST_NAME),
    lastName: text('last_name'),
    role: text('role', { enum: ROLES }).notNull().default('free'),
    plan: text('plan'),
    stripePlan: text('stripe_plan'),
    remainingProductCount: integer('remaining_product_count').notNull(),
    remainingCreditCount: integer('remaining_credit_count').notNull(),
    lastCreditReset: timestamp('last_credit_reset', { withTimezone: true }),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    apiKeyHash: text('api_key_hash').notNull().unique(),
    apiKeyHint: text('api_key_hint').notNull(),
    facebookId: text('facebook_id').unique(),
    googleId: text('google_id').unique(),
    invitationCode: text('invitation_code').notNull().unique(),
    publishPagesCount: integer('publish_pages_count').notNull(),
    gclid: text('gclid'),
    fbclid: text('fbclid'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_credits_not_negative', sql`${t.remainingCreditCount} >= 0`),
    check('users_products_not_negative', sql`${t.remainingProductCount} >= 0`),
    check('users_publish_slots_range', sql`${t.publishPagesCount} >= 0`),
  ],
)

/** Opaque access tokens, stored as SHA-256 hashes; revocable. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** One live login code per e-mail (a resend replaces it). Code and link token are HMAC-hashed. */
export const loginCodes = pgTable('login_codes', {
  email: text('email').primaryKey(),
  codeHash: text('code_hash').notNull(),
  linkTokenHash: text('link_token_hash').notNull().unique(),
  name: text('name'),
  invitedBy: text('invited_by'),
  attempts: integer('attempts').notNull().default(0),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/** Fixed-window counters for rate limits and failure budgets (shared by every process). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})

/** Spec §3 Plan. Only version "2" is served. */
export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  type: text('type', { enum: ['recurring'] })
    .notNull()
    .default('recurring'),
  active: boolean('active').notNull().default(true),
  billingCycle: text('billing_cycle', { enum: ['month', 'year'] }).notNull(),
  amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  value: integer('value').notNull(),
  name: text('name').notNull(),
  creditValueMonth: integer('credit_value_month').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  stripePriceId: text('stripe_price_id'),
  stripePriceIdDev: text('stripe_price_id_dev'),
  version: text('version').notNull(),
})

/** Who invited whom; qualified once the invitee adds a unique store (a later capability). */
export const referrals = pgTable('referrals', {
  id: serial('id').primaryKey(),
  inviterId: integer('inviter_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  inviteeId: integer('invitee_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
})

/** Answers to the onboarding "quick question" screens, one row per user and question. */
export const onboardingAnswers = pgTable(
  'onboarding_answers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('onboarding_answers_user_question_key').on(t.userId, t.question)],
)

/** A generation ("task" / product page); its status codes are TASK_STATUS and DATA_STATUS. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url'),
    sourceText: text('source_text'),
    pageTemplateId: integer('page_template_id'),
    flow: text('flow', { enum: ['direct', 'outline'] }).notNull(),
    status: integer('status').$type<TaskStatus>().notNull().default(TASK_STATUS.queued),
    dataStatus: integer('data_status').$type<DataStatus>().notNull().default(DATA_STATUS.active),
    step: text('step'),
    error: text('error'),
    note: text('note'),
    title: text('title'),
    image: text('image'),
    platform: text('platform'),
    facts: jsonb('facts').$type<ProductFacts>(),
    research: jsonb('research'),
    outline: jsonb('outline').$type<Outline>(),
    page: jsonb('page').$type<Page>(),
    /** The number of the current page version (0: no page yet); bumped atomically on every change. */
    pageVersion: integer('page_version').notNull().default(0),
    isPublic: boolean('is_public').notNull().default(true),
    creditsCharged: integer('credits_charged').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('tasks_user_list_idx').on(t.userId, t.dataStatus, t.status, t.createdAt),
    index('tasks_public_idx').on(t.isPublic, t.status, t.createdAt),
    check('tasks_status_known', sql`${t.status} IN (${sql.raw(TASK_STATUSES.join(', '))})`),
    check('tasks_data_status_known', sql`${t.dataStatus} IN (${sql.raw(DATA_STATUSES.join(', '))})`),
  ],
)

/** Every page a task ever had, numbered from 1; `tasks.page` is the copy of the newest. */
export const pageVersions = pgTable(
  'page_versions',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    kind: text('kind', { enum: PAGE_VERSION_KINDS }).notNull(),
    page: jsonb('page').$type<Page>().notNull(),
    /** For a restore: the version it brought back. */
    restoredFrom: integer('restored_from'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('page_versions_task_version_idx').on(t.taskId, t.version)],
)

/** Every change of a user's credit balance, with the balance after it. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason', { enum: ['signup', 'generation', 'refund', 'support'] }).notNull(),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId, t.createdAt)],
)

export const taskFavorites = pgTable(
  'task_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId] })],
)

/** Raw bytes. node-postgres returns a Buffer and PGlite a Uint8Array: both are Uint8Arrays. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBuffer)),
})

/** Images Pagewright stores itself (server/modules/media), one row per distinct content (sha256 hex). */
export const media = pgTable(
  'media',
  {
    hash: text('hash').primaryKey(),
    mime: text('mime').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('media_hash_sha256', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    check('media_size_matches', sql`${t.byteSize} = octet_length(${t.bytes})`),
  ],
)
