import type { MetaFunction } from '@remix-run/node'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Template · Pagewright' }]

export const loader = () => null

export default function Template() {
  return (
    <main className="bare">
      <NotBuiltYet title="Template" what="One page template." />
    </main>
  )
}
