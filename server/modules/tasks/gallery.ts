import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { ApiDeps } from '../../context'
import { pageViewsDaily, tasks, users } from '../../db/schema'
import { isMediaPath } from '../../domain/media'
import type { Page } from '../../domain/page/schema'
import { ownerFactsOf, shopperPage, withOwnerDefaults } from '../../domain/page/shopper'
import type { ProductFacts } from '../../domain/product-facts'
import { shareUrl } from '../../domain/share'
import { DATA_STATUS } from '../../domain/task-status'
import { decayWeights, GENERATION_WEIGHT, TRENDING_PERIODS, type GallerySort, type TrendingPeriod } from '../../domain/trending'
import { galleryChosenSql } from './gallery-sql'
import { sharedCondition } from './public'

const DAY_MS = 86_400_000
const utcDay = (d: Date) => d.toISOString().slice(0, 10)

/**
 * The product a task was made from, as one key: its source URL without scheme, `www.`, query,
 * fragment and trailing slashes, in lower case, with a Shopify locale or collection path dropped
 * (`shop.com/en/collections/lamps/products/moon` → `shop.com/products/moon`, the product handle).
 * A page made from pasted text has no URL and is its own product.
 */
function productKey(t: { facts: AnyPgColumn; url: AnyPgColumn; id: AnyPgColumn }): SQL<string> {
  const source = sql`coalesce(${t.facts} -> 'source' ->> 'url', ${t.url})`
  const bare = sql`regexp_replace(${source}, '^[a-z][a-z0-9+.-]*://(www\\.)?|[?#].*$', '', 'gi')`
  const handle = sql`regexp_replace(${bare}, '^([^/]+)/(.*/)?products/', '\\1/products/')`
  return sql<string>`coalesce(nullif(lower(regexp_replace(${handle}, '/+$', '')), ''), 'task:' || ${t.id})`
}

/**
 * Shared pages for the gallery: newest first, or trending (server/domain/trending.ts: views and
 * pages made from the same product in the period, each day's weight decaying with age). Only pages
 * their owners chose to show there (`galleryChosenSql`) that the public may see (`sharedCondition`,
 * not archived); cards carry what shoppers see of a page.
 */
export async function publicGallery(deps: ApiDeps, q: { page: number; page_size: number; sort: GallerySort; period: TrendingPeriod }) {
  const { db } = deps.database
  const now = deps.clock()
  const days = TRENDING_PERIODS[q.period]
  const today = utcDay(now)
  const firstDay = utcDay(new Date(now.getTime() - (days - 1) * DAY_MS))
  // The decay weights by age in days, as a literal array (numbers only): weights[age + 1].
  const weights = sql.raw(`(ARRAY[${decayWeights(q.period).join(',')}]::float8[])`)

  const viewed = db
    .select({
      taskId: pageViewsDaily.taskId,
      views: sql<number>`sum(${pageViewsDaily.views})::int`.as('views'),
      score: sql<number>`sum(${pageViewsDaily.views} * ${weights}[${today}::date - ${pageViewsDaily.day} + 1])`.as('view_score'),
    })
    .from(pageViewsDaily)
    .where(and(gte(pageViewsDaily.day, firstDay), sql`${pageViewsDaily.day} <= ${today}::date`))
    .groupBy(pageViewsDaily.taskId)
    .as('viewed')

  const made = alias(tasks, 'made')
  const madeKey = productKey(made)
  const generations = db
    .select({
      key: sql<string>`${madeKey}`.as('product_key'),
      score: sql<number>`sum(${weights}[${today}::date - (${made.completedAt} AT TIME ZONE 'UTC')::date + 1])`.as('made_score'),
    })
    .from(made)
    .where(
      and(
        gte(made.completedAt, new Date(`${firstDay}T00:00:00Z`)),
        lt(made.completedAt, new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS)),
      ),
    )
    .groupBy(madeKey)
    .as('generations')

  const score = sql<number>`coalesce(${viewed.score}, 0) + ${GENERATION_WEIGHT} * coalesce(${generations.score}, 0)`
  const where = and(sharedCondition(deps), galleryChosenSql(), eq(tasks.dataStatus, DATA_STATUS.active))
  const order = q.sort === 'trending' ? [desc(score), desc(tasks.completedAt), desc(tasks.id)] : [desc(tasks.completedAt), desc(tasks.id)]
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        sessionId: tasks.sessionId,
        page: tasks.page,
        // Enough of the facts for a page made before owner facts existed (its default price).
        facts: sql<Pick<ProductFacts, 'price' | 'compareAtPrice' | 'currency' | 'source'> | null>`jsonb_build_object(
          'price', ${tasks.facts} -> 'price', 'compareAtPrice', ${tasks.facts} -> 'compareAtPrice',
          'currency', ${tasks.facts} -> 'currency', 'source', ${tasks.facts} -> 'source')`,
        hasFacts: sql<boolean>`${tasks.facts} IS NOT NULL`,
        completedAt: tasks.completedAt,
        views: sql<number>`coalesce(${viewed.views}, 0)`,
      })
      .from(tasks)
      .innerJoin(users, eq(users.id, tasks.userId))
      .leftJoin(viewed, eq(viewed.taskId, tasks.id))
      .leftJoin(generations, sql`${generations.key} = ${productKey(tasks)}`)
      .where(where)
      .orderBy(...order)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(tasks)
      .innerJoin(users, eq(users.id, tasks.userId))
      .where(where),
  ])
  return {
    items: rows.flatMap((r) => {
      if (!r.page) return []
      const card = galleryCard(r.page, r.hasFacts ? (r.facts as ProductFacts) : null)
      return [
        {
          session_id: r.sessionId,
          ...card,
          views: Number(r.views),
          share_url: shareUrl(deps.env.PUBLIC_URL, r.sessionId),
          completed_at: r.completedAt?.toISOString() ?? null,
        },
      ]
    }),
    total,
    page: q.page,
    page_size: q.page_size,
  }
}

/** What a card shows of a page: the shopper's headline, our own first image, the owner's price. */
function galleryCard(stored: Page, facts: ProductFacts | null) {
  const page = shopperPage(withOwnerDefaults(stored, facts))
  const hero = page.sections.find((s) => s.type === 'hero')
  const images = [...(page.gallery ?? []), ...page.sections.flatMap((s) => ('image' in s && s.image ? [s.image] : []))]
  const image = images.find((i) => isMediaPath(i.src)) ?? null
  const owner = ownerFactsOf(page)
  return {
    title: hero?.heading || page.sections[0]?.heading || 'A product page',
    image: image?.src ?? null,
    price:
      owner.price !== null && owner.currency
        ? {
            amount: owner.price,
            compare_at: owner.compareAt !== null && owner.compareAt > owner.price ? owner.compareAt : null,
            currency: owner.currency,
          }
        : null,
  }
}
