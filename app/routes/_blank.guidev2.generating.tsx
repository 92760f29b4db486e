import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { loadGeneration } from '~/.server/guide'
import { GenerationView } from '~/components/guide/GenerationView'
import guideCss from '~/styles/guide.css?url'

export const meta: MetaFunction = () => [{ title: 'Generating your page · Pagewright' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guideCss }]

/** The last step of guide v2: the page being written; it lands on the page when done. */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadGeneration(request, context, 'v2', '/guidev2/generating')

export default GenerationView
