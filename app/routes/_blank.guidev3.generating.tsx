import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { loadGeneration } from '~/.server/guide'
import { GenerationView } from '~/components/guide/GenerationView'
import guideCss from '~/styles/guide.css?url'
import { guideOf } from '../../server/domain/onboarding'

export const meta: MetaFunction = () => [{ title: 'Generating your page · Pagewright' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guideCss }]

/** Progress of one generation, from /generate or guide v3; lands on the outline or the page when it gets there. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  loadGeneration(request, context, guideOf(new URL(request.url).searchParams) === 'v3' ? 'v3' : null, '/guidev3/generating')

export default GenerationView
