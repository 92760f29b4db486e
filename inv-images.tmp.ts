import { corpusEntries, corpusFetcher } from './tests/corpus/corpus'
import { importProduct } from './server/generation/import'
for (const id of process.argv.slice(2)) {
  const e = corpusEntries('dev').find((x) => x.id === id)!
  const { url, fetcher } = corpusFetcher(e)
  try {
    const f = await importProduct(url, fetcher, new Date())
    console.log('==', id, url, 'got', f.images.length, 'want', (e as any).facts.images, f.platform)
    console.log(f.images.join('\n'))
  } catch (err) { console.log('==', id, 'ERR', (err as Error).message) }
  console.log('notes:', (e as any).facts.notes)
}
