import { and, eq, sql } from 'drizzle-orm'
import type { Database, DbOrTx } from '../db/client'
import { demoShopRecords } from '../db/schema'

/**
 * The demo shop's persistent state: JSON documents in `demo_shop_records`, keyed by
 * (shop, kind, id). Nothing lives in process memory, so any number of processes can serve a shop.
 */
export type RecordKind =
  'shop' | 'product' | 'theme' | 'token' | 'code' | 'webhook' | 'bulk' | 'bucket' | 'counter' | 'job' | 'upload' | 'file'

export interface Installation {
  scopes: string[]
  installedAt: string
  /** The app's web pixel (webPixelCreate): kept while the app stays installed, gone with an uninstall. */
  webPixel?: { id: number; settings: string }
}

export interface ShopData {
  domain: string
  /** "Demo Shop {number}". */
  number: number
  name: string
  email: string
  currency: string
  /** Numeric ids: `gid://shopify/Shop/{shopId}`, `gid://shopify/App/{appId}`. */
  shopId: number
  appId: number
  createdAt: string
  /** The Pagewright account that made the shop: the only one its admin answers (absent on shops made before owners were kept). */
  ownerId?: number
  installation: Installation | null
  metafields: MetafieldData[]
  /** How this shop answers the calls that differ between real shops (absent: DEFAULT_SETTINGS). */
  settings?: Partial<DemoShopSettings>
}

/** The ways real shops differ that publishing must cope with, set per demo shop (its admin, or tests). */
export interface DemoShopSettings {
  /**
   * `allowed`: the app may write theme files (it has Shopify's theme-modification exemption).
   * `no_exemption`: themeFilesUpsert answers a top-level ACCESS_DENIED, as Shopify answers an app
   * that has `write_themes` but not the exemption.
   */
  themeWrites: 'allowed' | 'no_exemption'
  /** themeFilesUpsert answers a job that is done only after it was polled (as Shopify's), instead of at once. */
  themeWriteJobs: boolean
  /** How many status reads a new file stays UPLOADED/PROCESSING before it is READY. */
  fileProcessingReads: number
  /**
   * `deployed`: the app's web pixel extension is there. `missing`: webPixelCreate and webPixelUpdate
   * answer NO_EXTENSION, as Shopify does for an app whose pixel extension is not deployed.
   */
  pixelExtension: 'deployed' | 'missing'
}

export const DEFAULT_SETTINGS: DemoShopSettings = {
  themeWrites: 'allowed',
  themeWriteJobs: true,
  fileProcessingReads: 2,
  pixelExtension: 'deployed',
}

export const settingsOf = (shop: ShopData): DemoShopSettings => ({ ...DEFAULT_SETTINGS, ...shop.settings })

export interface VariantData {
  id: number
  title: string
  /** Decimal strings with two places, as Shopify's Money scalar. */
  price: string
  compareAtPrice: string | null
  sku: string | null
  /** Inventory is counted: the variant sells only while `inventory` > 0. */
  tracked: boolean
  inventory: number
  selectedOptions: { name: string; value: string }[]
}

export interface ImageData {
  id: number
  url: string
  alt: string | null
}

export interface MetafieldData {
  id: number
  namespace: string
  key: string
  type: string
  value: string
  createdAt: string
  updatedAt: string
}

export type ProductStatus = 'ACTIVE' | 'ARCHIVED' | 'DRAFT' | 'UNLISTED'

export interface ProductData {
  id: number
  handle: string
  title: string
  descriptionHtml: string
  vendor: string
  productType: string
  status: ProductStatus
  tags: string[]
  templateSuffix: string | null
  seo: { title: string | null; description: string | null }
  options: { id: number; name: string; values: string[] }[]
  variants: VariantData[]
  images: ImageData[]
  metafields: MetafieldData[]
  createdAt: string
  updatedAt: string
}

export type ThemeRole = 'MAIN' | 'UNPUBLISHED' | 'DEVELOPMENT'

export interface ThemeData {
  id: number
  name: string
  role: ThemeRole
  /** Text files by name (`layout/theme.liquid`, `assets/base.css` …). */
  files: Record<string, string>
  /** Binary files (images, fonts) as base64. */
  binary: Record<string, string>
  createdAt: string
  updatedAt: string
}

export interface TokenData {
  type: 'access' | 'refresh'
  scopes: string[]
  /** ISO time, or null for a non-expiring offline token. */
  expiresAt: string | null
  createdAt: string
}

export interface CodeData {
  scopes: string[]
  expiresAt: string
}

export interface WebhookData {
  id: number
  topic: string
  uri: string
  format: 'JSON' | 'XML'
  createdAt: string
}

export interface BulkData {
  id: number
  status: 'COMPLETED' | 'FAILED'
  errorCode: string | null
  query: string
  /** Unguessable part of the result URL. */
  key: string
  jsonl: string
  objectCount: number
  rootObjectCount: number
  createdAt: string
  completedAt: string
}

export interface BucketData {
  maximumAvailable: number
  restoreRate: number
  available: number
  /** Epoch milliseconds of `available`. */
  at: number
}

/** A themeFilesUpsert running as a job: its files are written when it is done. */
export interface JobData {
  id: string
  done: boolean
  /** Status reads left before it is done. */
  readsLeft: number
  themeId: number
  files: Record<string, { text?: string; base64?: string }>
}

/** A staged upload target (stagedUploadsCreate) and, once sent, the bytes. */
export interface UploadData {
  key: string
  filename: string
  mimeType: string
  /** Base64 of the uploaded bytes (null until the POST came). */
  bytes: string | null
  createdAt: string
}

/** A file of the shop's Files (fileCreate): an image served from the shop's CDN once READY. */
export interface FileData {
  id: number
  alt: string | null
  filename: string
  mimeType: string
  bytes: string | null
  status: 'UPLOADED' | 'PROCESSING' | 'READY' | 'FAILED'
  /** Status reads left before it is READY. */
  readsLeft: number
  error: { code: string; message: string } | null
  createdAt: string
  updatedAt: string
}

interface KindData {
  shop: ShopData
  product: ProductData
  theme: ThemeData
  token: TokenData
  code: CodeData
  webhook: WebhookData
  bulk: BulkData
  bucket: BucketData
  counter: { next: number }
  job: JobData
  upload: UploadData
  file: FileData
}

/** The global shop counter lives under this pseudo shop. */
const GLOBAL = ''

/** Typed access to one shop's records. */
export class ShopStore {
  constructor(
    readonly database: Database,
    readonly shop: string,
  ) {}

  private where(kind: RecordKind, id?: string) {
    const t = demoShopRecords
    return id === undefined ? and(eq(t.shop, this.shop), eq(t.kind, kind)) : and(eq(t.shop, this.shop), eq(t.kind, kind), eq(t.id, id))
  }

  async get<K extends keyof KindData>(kind: K, id: string | number, db: DbOrTx = this.database.db): Promise<KindData[K] | null> {
    const [row] = await db
      .select({ data: demoShopRecords.data })
      .from(demoShopRecords)
      .where(this.where(kind, String(id)))
    return row ? (row.data as KindData[K]) : null
  }

  async list<K extends keyof KindData>(kind: K): Promise<KindData[K][]> {
    const rows = await this.database.db.select({ data: demoShopRecords.data }).from(demoShopRecords).where(this.where(kind))
    return rows.map((r) => r.data as KindData[K])
  }

  async put<K extends keyof KindData>(kind: K, id: string | number, data: KindData[K], db: DbOrTx = this.database.db): Promise<void> {
    const row = { shop: this.shop, kind, id: String(id), data, updatedAt: new Date() }
    await db
      .insert(demoShopRecords)
      .values(row)
      .onConflictDoUpdate({
        target: [demoShopRecords.shop, demoShopRecords.kind, demoShopRecords.id],
        set: { data, updatedAt: row.updatedAt },
      })
  }

  /** Deletes a record and returns what it held: an atomic "use once" for codes and refresh tokens. */
  async take<K extends keyof KindData>(kind: K, id: string | number): Promise<KindData[K] | null> {
    const [row] = await this.database.db
      .delete(demoShopRecords)
      .where(this.where(kind, String(id)))
      .returning({ data: demoShopRecords.data })
    return row ? (row.data as KindData[K]) : null
  }

  async removeAll(kind: RecordKind): Promise<number> {
    const rows = await this.database.db.delete(demoShopRecords).where(this.where(kind)).returning({ id: demoShopRecords.id })
    return rows.length
  }

  /** The shop's next object number (products, variants, images, themes …), atomically. */
  async nextNumber(): Promise<number> {
    return nextCounter(this.database.db, this.shop, 'ids')
  }

  /** Runs `fn` in a transaction with the record locked (or absent). */
  async locked<K extends keyof KindData, T>(
    kind: K,
    id: string,
    fn: (current: KindData[K] | null, save: (data: KindData[K]) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    return this.database.db.transaction(async (tx) => {
      const [row] = await tx.select({ data: demoShopRecords.data }).from(demoShopRecords).where(this.where(kind, id)).for('update')
      return fn(row ? (row.data as KindData[K]) : null, (data) => this.put(kind, id, data, tx))
    })
  }
}

async function nextCounter(db: DbOrTx, shop: string, id: string): Promise<number> {
  const rows = await db
    .insert(demoShopRecords)
    .values({ shop, kind: 'counter', id, data: { next: 1 } })
    .onConflictDoUpdate({
      target: [demoShopRecords.shop, demoShopRecords.kind, demoShopRecords.id],
      set: { data: sql`jsonb_build_object('next', (${demoShopRecords.data}->>'next')::bigint + 1)`, updatedAt: new Date() },
    })
    .returning({ data: demoShopRecords.data })
  return Number((rows[0].data as { next: number }).next)
}

/** The number of the next demo shop ("Demo Shop 3"). */
export const nextShopNumber = (database: Database) => nextCounter(database.db, GLOBAL, 'shops')

/**
 * Globally unique numeric ids, Shopify-sized (13 digits): the shop's number in the high part, the
 * shop's own sequence in the low part, so no two demo shops ever share a product or theme id.
 */
export const objectId = (shopNumber: number, sequence: number) => (1_000_000 + shopNumber) * 1_000_000 + sequence
