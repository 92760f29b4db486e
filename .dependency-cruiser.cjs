/**
 * Dependency rules (docs/architecture.md, "Dependency rules"). Run by `npm run lint:deps`, part of `npm test`.
 * Type-only imports count too: a cycle of types is still a cycle to read.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make start-up order and reading order ambiguous. Move the shared piece down a layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-never-imports-app',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^app/' },
    },
    {
      name: 'browser-code-imports-domain-only',
      severity: 'error',
      comment: 'Screens and components import values only from server/domain (rules) and types only from server/contract (the api shapes).',
      from: { path: '^app/', pathNot: ['^app/\\.server/', '\\.test\\.tsx?$'] },
      to: { path: '^server/', pathNot: ['^server/domain/', '^server/contract/'] },
    },
    {
      name: 'browser-code-imports-contract-types-only',
      severity: 'error',
      comment: 'The contract pulls @hono/zod-openapi; the browser may only see its types.',
      from: { path: '^app/', pathNot: ['^app/\\.server/', '\\.test\\.tsx?$'] },
      to: { path: '^server/contract/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-server-code-imports-domain-and-contract',
      severity: 'error',
      comment: 'The web talks to the api over its contract; it never reaches into api modules, the database or jobs.',
      from: { path: '^app/\\.server/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^server/', pathNot: ['^server/domain/', '^server/contract/'] },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'server/domain holds rules only: no database, http, jobs, integrations or node built-ins.',
      from: { path: '^server/domain/', pathNot: '\\.test\\.tsx?$' },
      to: {
        pathNot: ['^server/domain/', '^node_modules/(zod|sanitize-html)/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'contract-is-pure',
      severity: 'error',
      comment: 'server/contract describes the api (zod + route definitions); it imports rules, never implementations.',
      from: { path: '^server/contract/' },
      to: { pathNot: ['^server/contract/', '^server/domain/', '^node_modules/(zod|@hono/zod-openapi)/'] },
    },
    {
      name: 'integrations-never-import-modules',
      severity: 'error',
      from: { path: '^server/integrations/' },
      to: { path: '^server/(modules|jobs|http)/' },
    },
    {
      name: 'modules-meet-through-index',
      severity: 'error',
      comment: 'Another area is reached through its index.ts (what it offers), never its inner files.',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/([^/]+)/', pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'jobs-and-http-use-module-index',
      severity: 'error',
      from: { path: '^server/(jobs|http|generation)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/modules/[^/]+/', pathNot: ['^server/modules/[^/]+/index\\.ts$', '^server/modules/[^/]+/routes\\.ts$'] },
    },
    {
      name: 'no-test-code-in-source',
      severity: 'error',
      comment: 'Product code never imports tests, fixtures or test-only packages.',
      from: { pathNot: ['\\.test\\.tsx?$', '^tests/', '^e2e/', '^scripts/', '^[^/]+\\.config\\.ts$'] },
      to: { path: ['^tests/', '^e2e/', '\\.test\\.tsx?$', '^node_modules/(msw|vitest|@playwright/test|smtp-server|fast-check)/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^build/', '^data/', '^node_modules/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    moduleSystems: ['es6', 'cjs'],
  },
}
