import type { MetaFunction } from '@remix-run/node'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Sections by type · Pagewright' }]

export const loader = () => null

export default function SectionType() {
  return (
    <main className="bare">
      <NotBuiltYet title="Sections by type" what="Sections of one type." />
    </main>
  )
}
