import type { MetaFunction } from '@remix-run/node'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Section · Pagewright' }]

export const loader = () => null

export default function Section() {
  return (
    <main className="bare">
      <NotBuiltYet title="Section" what="One section." />
    </main>
  )
}
