import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { requireUser } from '~/.server/auth'
import { NotBuiltYet } from '~/components/NotBuiltYet'

export const meta: MetaFunction = () => [{ title: 'Product page · Pagewright' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  return null
}

export default function ProductPage() {
  return <NotBuiltYet title="Product page" what="A generated page with its toolbar: regenerate, rewrite a section, share, favourite, archive." />
}
