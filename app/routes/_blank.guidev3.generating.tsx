import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { requireUser } from '~/.server/auth'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Generating · Pagewright' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function GuideV3Generating() {
  return <NotBuiltYet title="Generating" what="Your page is being written." />
}
