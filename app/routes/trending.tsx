import type { MetaFunction } from '@remix-run/node'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Trending products · Pagewright' }]

export const loader = () => null

export default function Trending() {
  return (
    <main className="bare">
      <NotBuiltYet title="Trending products" what="Products that are selling well right now, ready to turn into pages." />
    </main>
  )
}
