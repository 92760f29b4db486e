import { contract } from '../../contract'
import { notFound } from '../../http/http-error'
import { contractRouter, implement } from '../../http/implement'
import { loadPosts, summaryOf } from './service'

/** Read once when the api starts: a post that cannot be published stops the start with its file name. */
const posts = loadPosts()
const bySlug = new Map(posts.map((p) => [p.slug, p]))
const summaries = posts.map(summaryOf)

export const postRoutes = contractRouter()

implement(postRoutes, contract.posts.list, (c) => c.json({ items: summaries }, 200))

implement(postRoutes, contract.posts.get, (c) => {
  const post = bySlug.get(c.req.valid('param').slug)
  if (!post) throw notFound('There is no post at this address.')
  return c.json(post, 200)
})
