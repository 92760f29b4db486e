import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
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
import { CREDIT_REASONS, SLOT_REASONS } from '../domain/credits'
import { STOP_REASONS } from '../domain/experiments/shopper'
import type { Outline } from '../domain/outline'
import type { Page } from '../domain/page/schema'
import { PAGE_VERSION_KINDS } from '../domain/page/versions'
import type { ProductFacts } from '../domain/product-facts'
import {
  PUBLICATION_STATUSES,
  PUBLISH_METHODS,
  SHOPIFY_CONNECTION_KINDS,
  SHOPIFY_STORE_STATUSES,
  SHOPIFY_SYNC_STATUSES,
  type ShopifyVariantRow,
} from '../domain/shopify'
import { DATA_STATUS, DATA_STATUSES, TASK_STATUS, TASK_STATUSES, type DataStatus, type TaskStatus } from '../domain/task-status'
import { DEFAULT_FIRST_NAME, ROLES } from '../domain/user'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** User (reference §4). Secrets (api key) are stored hashed; session fields live in `sessions`. */
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

/** Plan (reference §4, §6.9). Only version "2" is served. */
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
  /** The store whose connection qualified the referral (reference §6.5). */
  qualifiedShop: text('qualified_shop'),
  /** Support marked it not qualified (a duplicate account found later …): no slot, with the reason. */
  disqualifiedAt: timestamp('disqualified_at', { withTimezone: true }),
  disqualifiedReason: text('disqualified_reason'),
  /** Why the invitee's last store connection did not qualify it (shown to support), null once it qualifies. */
  refusalReason: text('refusal_reason'),
  refusedAt: timestamp('refused_at', { withTimezone: true }),
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
    /** The synced catalogue product the page was made from (facts come from the catalogue, no fetch). */
    shopifyProductId: integer('shopify_product_id').references((): AnyPgColumn => shopifyProducts.id, { onDelete: 'set null' }),
    facts: jsonb('facts').$type<ProductFacts>(),
    research: jsonb('research'),
    outline: jsonb('outline').$type<Outline>(),
    page: jsonb('page').$type<Page>(),
    /** The number of the live page version (0: no page yet); set atomically on every change. */
    pageVersion: integer('page_version').notNull().default(0),
    /** The newest version number the page has had, live or a variant not live (migration 0018). */
    lastVersion: integer('last_version').notNull().default(0),
    isPublic: boolean('is_public').notNull().default(true),
    /** The owner chose "Show in the gallery" (/trending) at this time; null: not listed. */
    galleryAt: timestamp('gallery_at', { withTimezone: true }),
    creditsCharged: integer('credits_charged').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('tasks_user_list_idx').on(t.userId, t.dataStatus, t.status, t.createdAt),
    index('tasks_public_idx').on(t.isPublic, t.status, t.createdAt),
    index('tasks_gallery_idx')
      .on(t.galleryAt)
      .where(sql`gallery_at IS NOT NULL`),
    index('tasks_completed_idx').on(t.completedAt),
    check('tasks_status_known', sql`${t.status} IN (${sql.raw(TASK_STATUSES.join(', '))})`),
    check('tasks_data_status_known', sql`${t.dataStatus} IN (${sql.raw(DATA_STATUSES.join(', '))})`),
  ],
)

/**
 * A request that spends credits, sent with an `Idempotency-Key` (migration 0019): the same key from
 * the same user answers the page the first made, so a form sent twice (a double click with scripts
 * off, two tabs, a retry after a lost answer) makes one page and takes one price. `fingerprint` is
 * what the first asked: the key sent again with another request is refused, not replayed.
 */
export const requestKeys = pgTable(
  'request_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** Set in the transaction that claimed the key; a deleted page frees its key. */
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('request_keys_created_idx').on(t.createdAt)],
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
    reason: text('reason', { enum: CREDIT_REASONS }).notNull(),
    /** What the grant or adjustment was for, in words (support's reason, the plan and period paid). */
    note: text('note'),
    /** The Stripe invoice a plan grant paid for: unique, so an invoice grants its credits once whatever the events do. */
    stripeInvoiceId: text('stripe_invoice_id').unique(),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId, t.createdAt)],
)

/**
 * Every change of a user's publish slots, with the balance after it (server/modules/accounts/slots.ts):
 * a slot taken back or given back is read from here, never re-derived.
 */
export const slotLedger = pgTable(
  'slot_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason', { enum: SLOT_REASONS }).notNull(),
    referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    publicationId: integer('publication_id').references((): AnyPgColumn => publications.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('slot_ledger_user_idx').on(t.userId, t.createdAt),
    // A referral earns its slot once and loses it once, whatever retries or races do.
    uniqueIndex('slot_ledger_referral_earned_key')
      .on(t.referralId)
      .where(sql`reason = 'referral'`),
    uniqueIndex('slot_ledger_referral_taken_key')
      .on(t.referralId)
      .where(sql`reason = 'referral_taken_back'`),
  ],
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

/** Page templates a user marked (templates are built in: server/domain/templates.ts, no foreign key). */
export const templateFavorites = pgTable(
  'template_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.templateId] })],
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

/**
 * A Shopify store connected to an account. Tokens are AES-256-GCM encrypted (server/modules/shopify/tokens.ts)
 * and never leave the api. A shop belongs to at most one account at a time (the store-exists dialog).
 */
export const shopifyStores = pgTable(
  'shopify_stores',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `name.myshopify.com`, lower case. */
    shopDomain: text('shop_domain').notNull(),
    name: text('name'),
    email: text('email'),
    currency: text('currency'),
    /** oauth: installed through our app (offline token, expiring with refresh); custom: a pasted custom-app token. */
    kind: text('kind', { enum: SHOPIFY_CONNECTION_KINDS }).notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    status: text('status', { enum: SHOPIFY_STORE_STATUSES }).notNull().default('connected'),
    accessTokenEnc: text('access_token_enc'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenEnc: text('refresh_token_enc'),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    /** A process renewing the token holds this lease (refresh tokens rotate: only one may spend it). */
    tokenRefreshUntil: timestamp('token_refresh_until', { withTimezone: true }),
    /** A custom app's API secret, to verify its webhooks (OAuth stores use the app's secret). */
    webhookSecretEnc: text('webhook_secret_enc'),
    scopes: text('scopes').notNull().default(''),
    /** The numeric id of our app in this shop: app-owned metafields are `app--{id}--pagewright` in theme Liquid. */
    appId: text('app_id'),
    /** Store-wide page design (POST /v2/publish_template_to_shopify). */
    templateSettings: jsonb('template_settings'),
    /**
     * Shopify refused our theme-file writes here (ACCESS_DENIED: the app has no theme-modification
     * exemption): remembered so publishing does not ask again each time; cleared on reconnect or when
     * the owner asks to try again.
     */
    themeWritesRefusedAt: timestamp('theme_writes_refused_at', { withTimezone: true }),
    themeWritesRefusal: text('theme_writes_refusal'),
    /** The live theme whose product template carried our app block at the last look (null: not there). */
    appBlockThemeId: text('app_block_theme_id'),
    appBlockCheckedAt: timestamp('app_block_checked_at', { withTimezone: true }),
    /** Secret part of the Merchant Center feed URL. */
    feedToken: text('feed_token').unique(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    uninstalledAt: timestamp('uninstalled_at', { withTimezone: true }),
    syncStatus: text('sync_status', { enum: SHOPIFY_SYNC_STATUSES }).notNull().default('idle'),
    syncCursor: text('sync_cursor'),
    syncDone: integer('sync_done').notNull().default(0),
    syncTotal: integer('sync_total'),
    syncError: text('sync_error'),
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shopify_stores_shop_key').on(t.shopDomain), index('shopify_stores_user_idx').on(t.userId)],
)

/** The first account that ever connected each shop (kept after disconnects): the referral rule's "unique store". */
export const storeDomains = pgTable('store_domains', {
  shopDomain: text('shop_domain').primaryKey(),
  firstUserId: integer('first_user_id').references(() => users.id, { onDelete: 'set null' }),
  firstConnectedAt: timestamp('first_connected_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The store each user works in (switch on /stores). */
export const currentStores = pgTable('current_stores', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  storeId: integer('store_id')
    .notNull()
    .references(() => shopifyStores.id, { onDelete: 'cascade' }),
})

/** A store's synced catalogue: the product facts Pagewright generates from without fetching. */
export const shopifyProducts = pgTable(
  'shopify_products',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => shopifyStores.id, { onDelete: 'cascade' }),
    /** `gid://shopify/Product/…` */
    shopifyId: text('shopify_id').notNull(),
    handle: text('handle').notNull(),
    title: text('title').notNull(),
    vendor: text('vendor'),
    productType: text('product_type'),
    status: text('status').notNull(),
    descriptionHtml: text('description_html').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }),
    compareAtPrice: numeric('compare_at_price', { precision: 12, scale: 2, mode: 'number' }),
    currency: text('currency'),
    images: jsonb('images').$type<{ url: string; alt: string | null }[]>().notNull().default([]),
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
    variants: jsonb('variants').$type<ShopifyVariantRow[]>().notNull().default([]),
    onlineStoreUrl: text('online_store_url'),
    totalInventory: integer('total_inventory'),
    /** Google Shopping: the optimizer's proposal and what was written back. */
    googleShopping: jsonb('google_shopping'),
    shopifyUpdatedAt: timestamp('shopify_updated_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the product is gone from the shop (products/delete) or deleted by the owner without hard_delete. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shopify_products_store_gid_key').on(t.storeId, t.shopifyId),
    index('shopify_products_store_title_idx').on(t.storeId, t.title),
  ],
)

export const shopifyProductFavorites = pgTable(
  'shopify_product_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => shopifyProducts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
)

/** A page published (or being published) into a store: one row per page and store, updated on every publish. */
export const publications = pgTable(
  'publications',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => shopifyStores.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PUBLICATION_STATUSES }).notNull(),
    failureReason: text('failure_reason'),
    /** The page version being (or last) published. */
    pageVersion: integer('page_version').notNull(),
    productGid: text('product_gid'),
    productHandle: text('product_handle'),
    storefrontUrl: text('storefront_url'),
    /** How the page reaches shoppers: the Pagewright template, the app block, or the description fallback. */
    method: text('method', { enum: PUBLISH_METHODS }),
    /** A free user's publish slot was spent on this page (first publish only). */
    slotSpent: boolean('slot_spent').notNull().default(false),
    /** What the owner should know about the last publish (a theme file Shopify refused, and why). */
    notice: text('notice'),
    /** Pagewright made the product (the page was not made from one of this store's products). */
    productCreated: boolean('product_created').notNull().default(false),
    /** The owner agreed that the page may replace this product's own description (the description fallback). */
    descriptionAllowedAt: timestamp('description_allowed_at', { withTimezone: true }),
    /** The product's description is ours now; `originalDescription` is the merchant's, restored on unpublish. */
    descriptionSet: boolean('description_set').notNull().default(false),
    originalDescription: text('original_description'),
    /** The product's template suffix is ours now; `originalTemplateSuffix` is what it had (null: the default template). */
    suffixSet: boolean('suffix_set').notNull().default(false),
    originalTemplateSuffix: text('original_template_suffix'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('publications_task_store_key').on(t.taskId, t.storeId), index('publications_store_idx').on(t.storeId)],
)

/** Images uploaded to a shop's Files (one per store and source: a media hash or an outside URL), with the shop's CDN URL once READY. */
export const shopifyFiles = pgTable(
  'shopify_files',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => shopifyStores.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    /** `gid://shopify/MediaImage/…` */
    fileGid: text('file_gid').notNull(),
    url: text('url'),
    /** Shopify's FileStatus: UPLOADED, PROCESSING, READY or FAILED. */
    status: text('status').notNull(),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.source] })],
)

/** Webhook deliveries already handled (Shopify webhook ids, Stripe event ids): each is processed once. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    source: text('source', { enum: ['shopify', 'stripe'] }).notNull(),
    deliveryId: text('delivery_id').notNull(),
    topic: text('topic').notNull(),
    shopDomain: text('shop_domain'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.deliveryId] })],
)

/** OAuth `state` values already used on a callback: a replayed callback is refused. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
})

/** An install from Shopify by someone without a Pagewright session: waits for the e-mail code, then becomes a store. */
export const shopifyInstalls = pgTable('shopify_installs', {
  id: uuid('id').primaryKey(),
  shopDomain: text('shop_domain').notNull(),
  email: text('email').notNull(),
  shopName: text('shop_name'),
  accessTokenEnc: text('access_token_enc').notNull(),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
  refreshTokenEnc: text('refresh_token_enc'),
  refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
  scopes: text('scopes').notNull().default(''),
  isDemo: boolean('is_demo').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  createdAt: createdAt(),
})

/**
 * The offline demo shop's own data (server/demo-shop): it plays Shopify, so it keeps its records
 * apart from Pagewright's, as documents by shop, kind and id.
 */
export const demoShopRecords = pgTable(
  'demo_shop_records',
  {
    shop: text('shop').notNull(),
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    data: jsonb('data').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shop, t.kind, t.id] })],
)

/** A paid plan as Stripe bills it: one row per Stripe subscription, kept in step by its webhooks. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeSubscriptionId: text('stripe_subscription_id').notNull().unique(),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    planId: integer('plan_id').references(() => plans.id),
    /** Stripe's status: incomplete, active, past_due, canceled, unpaid … */
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** A renewal payment failed: the owner is warned until a payment goes through. */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    /** The subscription kept when this one became active second: this one is cancelled and its payment refunded. */
    duplicateOf: integer('duplicate_of').references((): AnyPgColumn => subscriptions.id, { onDelete: 'set null' }),
    duplicateSettledAt: timestamp('duplicate_settled_at', { withTimezone: true }),
    /** A process cancelling and refunding the duplicate holds it until then (another takes over afterwards). */
    duplicateClaimedUntil: timestamp('duplicate_claimed_until', { withTimezone: true }),
    /** Credits granted since the last subscription_create or subscription_cycle invoice (reference §6.9, the plan-change rule). */
    periodCredits: integer('period_credits').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
)

/** An account's Stripe customer in one mode (test or live keys: each mode has its own customers). */
export const stripeCustomers = pgTable(
  'stripe_customers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** test or live, from the key's prefix; null: made before modes were kept (checked against Stripe at first use). */
    mode: text('mode', { enum: ['test', 'live'] }),
    customerId: text('customer_id').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('stripe_customers_user_mode_key').on(t.userId, t.mode)],
)

/** An attempt to pay that Stripe holds open (a Checkout Session, or the card form's incomplete subscription): one per account. */
export const stripeCheckouts = pgTable(
  'stripe_checkouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['test', 'live'] }).notNull(),
    kind: text('kind', { enum: ['session', 'subscription'] }).notNull(),
    stripeId: text('stripe_id').notNull().unique(),
    priceId: text('price_id').notNull(),
    /** What the attempt was started with: the same click may reuse it. */
    paramsHash: text('params_hash').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('stripe_checkouts_user_idx').on(t.userId, t.status)],
)

/** What a refund or a lost dispute took back of the credits a paid invoice granted (never below zero). */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeInvoiceId: text('stripe_invoice_id').notNull(),
    stripeChargeId: text('stripe_charge_id').notNull(),
    kind: text('kind', { enum: ['refund', 'dispute'] }).notNull(),
    creditsOwed: integer('credits_owed').notNull(),
    creditsTaken: integer('credits_taken').notNull(),
    creditsSpent: integer('credits_spent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_reversals_invoice_idx').on(t.stripeInvoiceId)],
)

/** Card disputes (chargebacks) on the account's payments, for support: an open one freezes nothing. */
export const stripeDisputes = pgTable(
  'stripe_disputes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    disputeId: text('dispute_id').notNull().unique(),
    chargeId: text('charge_id').notNull(),
    stripeInvoiceId: text('stripe_invoice_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('stripe_disputes_user_idx').on(t.userId)],
)

/** What the product set up in Stripe, per mode (the customer portal's configuration id and what it was made from). */
export const stripeSettings = pgTable(
  'stripe_settings',
  {
    mode: text('mode', { enum: ['test', 'live'] }).notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
    fingerprint: text('fingerprint').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mode, t.name] })],
)

/** Every change support makes to an account: who, what, when, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetUserId, t.createdAt)],
)

/** Views of a shared page per UTC day, added in batches (server/http/page-views.ts); nothing about who looked. */
export const pageViewsDaily = pgTable(
  'page_views_daily',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    /** First views per browser (see server/http/experiment-front.ts), and presses of the buy button (/go). */
    visitors: integer('visitors').notNull().default(0),
    buyClicks: integer('buy_clicks').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.day] }),
    index('page_views_daily_day_idx').on(t.day),
    check('page_views_daily_views_positive', sql`${t.views} >= 0`),
  ],
)

/** An experiment between the live version of a page (control) and another (challenger); migration 0015. */
export const experiments = pgTable(
  'experiments',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['running', 'stopped', 'promoted'] })
      .notNull()
      .default('running'),
    controlVersion: integer('control_version').notNull(),
    challengerVersion: integer('challenger_version').notNull(),
    split: integer('split').notNull().default(50),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    decision: text('decision'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    promotedAt: timestamp('promoted_at', { withTimezone: true }),
    /** Why it stopped (STOP_REASONS); null while running and for a promotion. Migration 0016. */
    stopReason: text('stop_reason', { enum: STOP_REASONS }),
  },
  (t) => [
    uniqueIndex('experiments_one_running')
      .on(t.taskId)
      .where(sql`${t.status} = 'running'`),
    index('experiments_task_idx').on(t.taskId, t.id),
  ],
)

/** Visitors and conversions per experiment, variant and UTC day. */
export const experimentDaily = pgTable(
  'experiment_daily',
  {
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    variant: text('variant', { enum: ['control', 'challenger'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visitors: integer('visitors').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'experiment_daily_pk', columns: [t.experimentId, t.variant, t.day] })],
)

/** Each visitor of an experiment once (a random cookie id), so visits and conversions count once. */
export const experimentVisitors = pgTable(
  'experiment_visitors',
  {
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    variant: text('variant', { enum: ['control', 'challenger'] }).notNull(),
    /** The UTC day they were first counted (null for visitors counted before migration 0016). */
    day: date('day', { mode: 'string' }),
    converted: boolean('converted').notNull().default(false),
  },
  (t) => [primaryKey({ name: 'experiment_visitors_pk', columns: [t.experimentId, t.visitorId] })],
)
