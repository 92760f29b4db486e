import { and, eq, notInArray } from 'drizzle-orm'
import type PgBoss from 'pg-boss'
import type { ApiDeps } from '../context'
import { tasks } from '../db/schema'
import { defaultGallery, defaultOwnerFacts, publishableFacts } from '../domain/page/shopper'
import type { ProductFacts } from '../domain/product-facts'
import { FINAL_STATUSES, TASK_STATUS } from '../domain/task-status'
import { bestTemplateFor, findTemplate } from '../domain/templates'
import { ImportError } from '../generation/import/types'
import { log } from '../log'
import { refundPage } from '../modules/accounts'
import { downloadProductImages } from '../modules/media'
import { savePageVersion } from '../modules/tasks'
import { GENERATE_DEAD_QUEUE, GENERATE_QUEUE, type GenerateJob } from './definitions'
import { rememberWorker } from './queue'

export const INTERRUPTED = 'Writing this page was interrupted too many times. Your credits were refunded; please try again.'

export async function registerGenerate(boss: PgBoss, deps: ApiDeps) {
  const id = await boss.work<GenerateJob>(
    GENERATE_QUEUE,
    { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      await runGenerateJob(deps, job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit })
    },
  )
  rememberWorker(GENERATE_QUEUE, id)
  // pg-boss gave up on a job without the handler failing the task (its process died on the last
  // try, or it expired): fail it and refund, once.
  await boss.work<GenerateJob>(GENERATE_DEAD_QUEUE, { batchSize: 1, pollingIntervalSeconds: 5 }, async ([job]) => {
    if (await failTask(deps, job.data.taskId, INTERRUPTED)) log.warn('generation given up', { taskId: job.data.taskId })
  })
}

/**
 * One step machine (import → own images → research → outline → page), safe to run again after a
 * crash: every step saves its result on the task and is skipped when that result is already there, so a resumed job neither imports twice nor makes a
 * second page; credits were taken when the job was queued and are refunded at most once.
 */
export async function runGenerateJob(deps: ApiDeps, data: GenerateJob, attempt: { retryCount: number; retryLimit: number }) {
  const { db } = deps.database
  const [task] = await db.select().from(tasks).where(eq(tasks.id, data.taskId))
  if (!task || FINAL_STATUSES.includes(task.status)) return
  const save = async (patch: Partial<typeof tasks.$inferInsert>) => {
    await db
      .update(tasks)
      .set({ ...patch, updatedAt: deps.clock() })
      .where(and(eq(tasks.id, task.id), notInArray(tasks.status, FINAL_STATUSES)))
  }
  // No template chosen: the best fit for the facts, decided once the facts are known.
  const templateFor = (facts: ProductFacts) => (task.pageTemplateId ? findTemplate(task.pageTemplateId) : bestTemplateFor(facts))
  // Our own copies of the product's images (pages never hot-link): done once, marked by
  // `facts.sourceImages`; an image that fails is skipped, never the generation.
  const ownImages = async (facts: ProductFacts): Promise<ProductFacts> => {
    if (facts.sourceImages) return facts
    await save({ step: 'Saving the product images' })
    const stored = await downloadProductImages(db, facts, deps.products.fetch, { taskId: task.id })
    await save({ facts: stored, image: stored.images[0] ?? null })
    return stored
  }

  try {
    let facts = task.facts ?? null
    let outline = task.outline ?? null
    if (data.phase === 'start') {
      if (!facts) {
        await save({ status: TASK_STATUS.importing, step: task.url ? 'Reading the product page' : 'Reading your description' })
        // The importer (cheerio and the site readers) loads with the first page made, not at start.
        const { importProduct, factsFromText } = await import('../generation/import')
        const imported = task.url
          ? await importProduct(task.url, deps.products.fetch, deps.clock())
          : factsFromText(task.sourceText ?? '', deps.clock())
        await save({ facts: imported, title: imported.title, image: imported.images[0] ?? null, platform: imported.source.platform })
        facts = imported
      }
      facts = await ownImages(facts)
      let research = task.research
      if (!research) {
        await save({ status: TASK_STATUS.researching, step: 'Studying the facts' })
        research = await deps.composer.research(publishableFacts(facts))
        await save({ research })
      }
      if (!outline) {
        outline = await deps.composer.outline(publishableFacts(facts), research as never, templateFor(facts))
        await save({ outline })
      }
      if (task.flow === 'outline' && !data.regenerate) {
        await save({ status: TASK_STATUS.outlineReady, step: 'Outline ready' })
        return
      }
    }
    if (!facts || !outline) throw new Error('compose without facts or outline')
    facts = await ownImages(facts) // tasks imported before images were stored
    await save({ status: TASK_STATUS.generating, step: 'Writing the page' })
    const composed = await deps.composer.compose(publishableFacts(facts), outline, templateFor(facts))
    // A regenerated page keeps what the owner set (price, buy target, own texts, gallery); the
    // page it replaces stays in the version history.
    const previous = task.page
    const gallery = previous?.gallery ?? defaultGallery(facts, publishableFacts(facts).title, { language: composed.page.language })
    const page = { ...composed.page, owner: previous?.owner ?? defaultOwnerFacts(facts), gallery }
    const now = deps.clock()
    await db.transaction((tx) =>
      savePageVersion(deps, tx, task.id, {
        page,
        kind: previous ? 'regenerate' : 'generated',
        now,
        set: { note: composed.note ?? null, status: TASK_STATUS.completed, step: null, error: null, completedAt: now },
        where: notInArray(tasks.status, FINAL_STATUSES),
      }),
    )
    log.info('page generated', { taskId: task.id, composer: deps.composer.name })
  } catch (error) {
    const permanent = error instanceof ImportError ? !error.transient : false
    const lastTry = attempt.retryCount >= attempt.retryLimit
    if (!permanent && !lastTry) {
      log.warn('generation step failed, will retry', { taskId: task.id, error: String(error) })
      throw error
    }
    const message =
      error instanceof ImportError
        ? error.message
        : 'Something went wrong while writing this page. Your credits were refunded; please try again.'
    await failTask(deps, task.id, message)
    log.warn('generation failed', { taskId: task.id, error: String(error) })
  }
}

/**
 * Marks the task failed with the reason and gives the credits back, in one transaction; a task
 * that is finished already (completed or failed) is left as it is. True when it was failed here.
 */
export async function failTask(deps: ApiDeps, taskId: number, reason: string): Promise<boolean> {
  const now = deps.clock()
  return deps.database.db.transaction(async (tx) => {
    const failed = await tx
      .update(tasks)
      .set({ status: TASK_STATUS.failed, step: null, error: reason, updatedAt: now })
      .where(and(eq(tasks.id, taskId), notInArray(tasks.status, FINAL_STATUSES)))
      .returning({ id: tasks.id })
    if (!failed.length) return false
    await refundPage(tx, taskId, now)
    return true
  })
}
