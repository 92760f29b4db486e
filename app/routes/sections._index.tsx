import type { MetaFunction } from '@remix-run/node'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Sections · Pagewright' }]

export const loader = () => null

export default function Sections() {
  return (
    <main className="bare">
      <NotBuiltYet title="Sections" what="A library of page sections." />
    </main>
  )
}
