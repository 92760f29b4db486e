import type { MetaFunction } from '@remix-run/node'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Templates · Pagewright' }]

export const loader = () => null

export default function Templates() {
  return (
    <main className="bare">
      <NotBuiltYet title="Templates" what="Page templates to start from." />
    </main>
  )
}
