import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { loadPickProduct, pickProduct } from '~/.server/guide'
import { PickProduct } from '~/components/guide/PickProduct'
import guideCss from '~/styles/guide.css?url'

export const meta: MetaFunction = () => [{ title: 'Pick a product · Pagewright' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guideCss }]

const PATH = '/guidev3/pick-product'

export const loader = ({ request, context }: LoaderFunctionArgs) => loadPickProduct(request, context, 'v3', PATH)
export const action = ({ request, context }: ActionFunctionArgs) => pickProduct(request, context, 'v3', PATH)

export default PickProduct
