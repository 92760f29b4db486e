// Lint rules that keep the code's shape (docs/architecture.md). Run by `npm run lint`, part of `npm test`.
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'e2e/**']
const ENV_MODULES = ['server/env.ts', 'app/.server/env.ts']

const PROCESS_ENV = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read settings through server/env.ts or app/.server/env.ts.',
}

/**
 * One allowance, one place (docs/architecture.md §3): roles are compared and allowances decided in
 * server/domain/entitlements.ts; balances, slots, role and plan are written by server/modules/accounts.
 */
const ROLE = '/^(free|paid|admin)$/'
const ALLOWANCES = [
  ...['left', 'right']
    .flatMap((side) => {
      const other = side === 'left' ? 'right' : 'left'
      return [
        `BinaryExpression[${side}.property.name='role'][${other}.value=${ROLE}]`,
        `BinaryExpression[${side}.name='role'][${other}.value=${ROLE}]`,
      ]
    })
    .map((selector) => ({ selector, message: 'Ask server/domain/entitlements.ts instead of comparing a role by hand.' })),
  { selector: "CallExpression[callee.name='isFree']", message: 'Ask server/domain/entitlements.ts instead of isFree().' },
  {
    selector:
      'CallExpression[callee.property.name=/^(set|values)$/] > ObjectExpression > Property[key.name=/^(role|plan|stripePlan|remainingCreditCount|remainingProductCount|publishPagesCount|lastCreditReset)$/]',
    message: 'Balances, slots, role and plan are written by server/modules/accounts only.',
  },
  {
    selector: "CallExpression[callee.property.name='insert'][arguments.0.name=/^(users|creditLedger|slotLedger)$/]",
    message: 'Accounts and their ledgers are written by server/modules/accounts only.',
  },
]
/** Where roles are compared and balances written on purpose: the rules themselves, and role changes by support. */
const ALLOWANCE_OWNERS = [
  'server/domain/entitlements.ts',
  'server/domain/user.ts',
  'server/modules/accounts/**',
  'server/modules/tasks/visibility-sql.ts',
  'server/domain/admin.ts',
  'server/modules/admin/service.ts',
  'app/components/admin/ConsoleForms.tsx',
]

export default tseslint.config(
  { ignores: ['build/**', 'data/**', 'node_modules/**', 'public/**', '.cache/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      'import-x/first': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          pathGroups: [{ pattern: '~/**', group: 'internal', patternOptions: { dot: true } }],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'max-len': [
        'error',
        {
          code: 160,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
          ignoreUrls: true,
          ignoreComments: false,
        },
      ],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['app/**/*.tsx', 'app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Settings are read once, by the env modules; allowances are decided and written in one place each.
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: [...ENV_MODULES, ...TEST_FILES, ...ALLOWANCE_OWNERS],
    rules: { 'no-restricted-syntax': ['error', PROCESS_ENV, ...ALLOWANCES] },
  },
  {
    files: ALLOWANCE_OWNERS,
    ignores: TEST_FILES,
    rules: { 'no-restricted-syntax': ['error', PROCESS_ENV] },
  },
  {
    // Product code never depends on tests, fixtures or test-only packages.
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/tests/**', '**/e2e/**', '**/*.test', '**/*.test.*'], message: 'Product code may not import tests.' },
            {
              group: ['msw', 'msw/*', 'vitest', 'vitest/*', '@playwright/test', 'smtp-server', 'fast-check'],
              message: 'Test-only package.',
            },
          ],
        },
      ],
    },
  },
  {
    files: TEST_FILES,
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
)
