import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import type { Post, PostSummary } from '../../contract/posts'
import { htmlToText } from '../../domain/sanitize'
import { fromRoot } from '../../paths'
import { renderMarkdown } from './markdown'

/** content/posts, in the project's folder (not the current directory). */
export const POSTS_DIR = fromRoot('content', 'posts')

const WORDS_PER_MINUTE = 220
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day written YYYY-MM-DD (in quotes or not)')
  .refine((v) => {
    const time = Date.parse(`${v}T00:00:00Z`)
    return Number.isNaN(time) || new Date(time).toISOString().startsWith(v)
  }, 'is not a real day')

/** What a post's front matter must say. Unknown keys are refused, so a typo cannot pass quietly. */
export const frontMatterSchema = z
  .strictObject({
    title: z.string().trim().min(10).max(110),
    description: z.string().trim().min(50).max(200),
    date: day,
    updated: day.optional(),
    author: z.string().trim().min(2).max(80),
    tags: z
      .array(z.string().regex(SLUG, 'tags are lower-case words joined by hyphens'))
      .min(1)
      .max(6)
      .refine((t) => new Set(t).size === t.length, 'tags repeat'),
  })
  .refine((f) => !f.updated || f.updated >= f.date, { message: 'is before `date`', path: ['updated'] })

/** A post that cannot be published; the message names the file and what is wrong. */
export class PostContentError extends Error {
  constructor(file: string, problem: string) {
    super(`Post ${file}: ${problem}`)
    this.name = 'PostContentError'
  }
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/

/** One post from its file name and text; throws PostContentError when anything is wrong. */
export function parsePost(file: string, source: string): Post {
  const fail = (problem: string) => new PostContentError(file, problem)
  const slug = path.basename(file, '.md')
  if (!SLUG.test(slug)) throw fail('the file name is the address: use lower-case words joined by hyphens, e.g. honest-product-pages.md')
  const parts = FRONT_MATTER.exec(source.replace(/^\uFEFF/, ''))
  if (!parts) throw fail('it must start with front matter between two lines of ---')
  let data: unknown
  try {
    data = parseYaml(parts[1])
  } catch (error) {
    throw fail(`the front matter is not valid YAML: ${(error as Error).message}`)
  }
  const checked = frontMatterSchema.safeParse(data ?? {})
  if (!checked.success) {
    const problems = checked.error.issues.map((i) => `${i.path.join('.') || 'front matter'}: ${i.message}`)
    throw fail(`front matter: ${problems.join('; ')}`)
  }
  const body = parts[2]
  if (!body.trim()) throw fail('the article is empty')
  const { html, headingLevels } = renderMarkdown(body)
  if (headingLevels.includes(1)) throw fail('use ## for headings in the article: the title is the page’s only # heading')
  const words = htmlToText(html).split(/\s+/).filter(Boolean).length
  const f = checked.data
  return {
    slug,
    title: f.title,
    description: f.description,
    date: f.date,
    updated: f.updated ?? null,
    author: f.author,
    tags: f.tags,
    reading_minutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    html,
  }
}

/** Every `*.md` post in a folder, newest first. Throws on the first post that cannot be published. */
export function loadPosts(dir: string = POSTS_DIR): Post[] {
  let names: string[]
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.md'))
  } catch (error) {
    throw new Error(`The posts folder ${dir} cannot be read: ${(error as Error).message}`)
  }
  const posts = names.map((name) => {
    const file = path.join(dir, name)
    return parsePost(file, readFileSync(file, 'utf8'))
  })
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
}

export function summaryOf(post: Post): PostSummary {
  const { html: _html, ...summary } = post
  return summary
}
