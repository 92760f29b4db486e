import { corpusEntries, corpusFetcher } from './tests/corpus/corpus'
import { importProduct } from './server/generation/import'
for (const id of process.argv.slice(2)) {
  const e = corpusEntries('dev').find((x) => x.id === id)!
  const { url, fetcher } = corpusFetcher(e)
  await importProduct(url, fetcher, new Date()).then((f) => console.log(id, 'imported', f.title), (err) => console.log(id, err.kind, err.message.slice(0, 120)))
}
