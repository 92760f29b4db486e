import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { httpError } from '~/.server/responses'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'

export const meta: MetaFunction = () => [{ title: 'Page not found · Pagewright' }]

/** reference §2.9: a path matching nothing is a non-fatal 404 inside the app shell. */
export async function loader({ request }: LoaderFunctionArgs) {
  throw httpError(404, `Page not found: ${new URL(request.url).pathname}`)
}

export default function NotFound() {
  return null
}

export const ErrorBoundary = GeneralErrorBoundary
