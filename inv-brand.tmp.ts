import { corpusEntries, corpusFetcher } from './tests/corpus/corpus'
import { importProduct } from './server/generation/import'
const e = corpusEntries('dev').find((x) => x.id === process.argv[2])!
const { url, fetcher } = corpusFetcher(e)
const f = await importProduct(url, fetcher, new Date())
console.log(f.title, '|', f.vendor)
