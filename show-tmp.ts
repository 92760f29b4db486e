import { allFacts } from '/work/main/tests/fixtures/facts/index'
import { createOfflineComposer } from '/work/main/server/generation/compose'
import { findTemplate } from '/work/main/server/domain/templates'
import { checkPageHonesty } from '/work/main/server/generation/compose'
const c = createOfflineComposer()
const only = process.argv[2]
for (const [name, facts] of allFacts()) {
  if (only && name !== only) continue
  const r = await c.research(facts)
  const o = await c.outline(facts, r, findTemplate(1))
  const { page } = await c.compose(facts, o, findTemplate(1))
  console.log('=====', name)
  for (const s of page.sections) console.log(JSON.stringify(s, null, 1))
  console.log('ISSUES', checkPageHonesty(page, facts))
}
