import type { MetaFunction } from '@remix-run/node'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Post · Pagewright' }]

export const loader = () => null

export default function Post() {
  return (
    <main className="bare">
      <NotBuiltYet title="Post" what="One article." />
    </main>
  )
}
