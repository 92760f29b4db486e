import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { requireUser } from '~/.server/auth'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Generate a page · Pagewright' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function Generate() {
  return <NotBuiltYet title="Generate a page" what="Paste a product link (Shopify, AliExpress, Amazon, Temu, DHgate or TikTok Shop) and get a finished product page." />
}
