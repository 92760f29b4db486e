import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { requireUser } from '~/.server/auth'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Subscription · Pagewright' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function Subscription() {
  return <NotBuiltYet title="Subscription" what="Your plan, credits and payments." />
}
