import type { MetaFunction } from '@remix-run/node'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Shared page · Pagewright' }]

export const loader = () => null

export default function SharedPage() {
  return <NotBuiltYet title="Shared page" what="A generated product page, as shoppers see it." />
}
