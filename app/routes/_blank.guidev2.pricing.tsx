import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { loadGuidePricing } from '~/.server/guide-pricing'
import { GuidePricing } from '~/components/guide/GuidePricing'
import guideCss from '~/styles/guide.css?url'

export const meta: MetaFunction = () => [{ title: 'Choose a plan · Pagewright' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guideCss }]

export const loader = ({ request, context }: LoaderFunctionArgs) => loadGuidePricing(request, context, 'v2', '/guidev2/pricing')

export default GuidePricing
