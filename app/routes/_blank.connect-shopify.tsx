import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { requireUser } from '~/.server/auth'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Connect Shopify · Pagewright' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function ConnectShopify() {
  return <NotBuiltYet title="Connect Shopify" what="Connect your Shopify store to Pagewright." />
}
