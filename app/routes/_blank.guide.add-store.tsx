import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { requireUser } from '~/.server/auth'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Add your store · Pagewright' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function GuideAddStore() {
  return <NotBuiltYet title="Add your store" what="Connect a Shopify store during onboarding." />
}
