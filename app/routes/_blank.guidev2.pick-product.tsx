import type { MetaFunction } from '@remix-run/node'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Pick a product · Pagewright' }]

export const loader = () => null

export default function GuideV2PickProduct() {
  return <NotBuiltYet title="Pick a product" what="Choose a product to start with." />
}
