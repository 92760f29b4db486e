import { contract } from '../../contract'
import { loadOnce } from '../../generation/load-once'
import { notFound } from '../../http/http-error'
import { contractRouter, implement } from '../../http/implement'

/**
 * Read with the first request for a post, not with the server (issue 24): the YAML and Markdown
 * libraries are not loaded by a process nobody reads the blog on. Every post of the repository is
 * checked by the posts' tests (a post that cannot be published fails CI with its file name).
 */
const published = loadOnce(async () => {
  const { loadPosts, summaryOf } = await import('./service')
  const posts = loadPosts()
  return { bySlug: new Map(posts.map((p) => [p.slug, p])), summaries: posts.map(summaryOf) }
})

export const postRoutes = contractRouter()

implement(postRoutes, contract.posts.list, async (c) => c.json({ items: (await published()).summaries }, 200))

implement(postRoutes, contract.posts.get, async (c) => {
  const post = (await published()).bySlug.get(c.req.valid('param').slug)
  if (!post) throw notFound('There is no post at this address.')
  return c.json(post, 200)
})
