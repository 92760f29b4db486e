import type { MetaFunction } from '@remix-run/node'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Posts · Pagewright' }]

export const loader = () => null

export default function Posts() {
  return (
    <main className="bare">
      <NotBuiltYet title="Posts" what="Guides and articles on selling with better product pages." />
    </main>
  )
}
