// Lint rules of the storefront: typescript-eslint's recommended set, React hooks rules for the
// client, and the architecture of DESIGN.md §1 / STYLE.md written down as errors, so that a
// layering slip fails CI instead of waiting for a review. Formatting belongs to Prettier alone:
// no stylistic config is loaded here, so nothing needs turning off (eslint-config-prettier's job).
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const CODE = ['**/*.{ts,tsx,js,mjs}'];

// Where the Knex query builder may be called: the repos, the database bootstrap, and the code
// that owns the schema or its data (migrations, seeds, tests arranging rows).
const KNEX_ALLOWED = ['server/**/*.repo.ts', 'server/db/**', 'migrations/**', 'seeds/**', 'test/**', '**/*.test.{ts,tsx}'];

// Time comes from the injected clock (server/clock/, issue 30): a rule that reads the system's time
// or the database's cannot be tested by moving the clock. Server code outside server/clock/ may not
// call Date.now(), new Date() without an argument (new Date(x) is fine), Knex's fn.now(), nor put
// now() / CURRENT_TIMESTAMP in SQL text: the caller passes `now` (clock.now()) instead. Column
// defaults (migrations, server/db/schema-helpers.ts) are not rules; nor is the rate-limit store's
// own window. Browser code and tests are out of scope (the browser's time is the user's).
const SQL_NOW = /\bnow\s*\(\s*\)|\bcurrent_timestamp\b|\blocaltimestamp\b/i;
const CLOCK_MESSAGE = 'Read the injected clock (server/clock/): take `now` from clock.now(), never the system or database time.';
const clockRule = {
  meta: { type: 'problem', schema: [], messages: { clock: CLOCK_MESSAGE } },
  create(context) {
    const report = (node) => context.report({ node, messageId: 'clock' });
    const named = (node, name) => node.type === 'Identifier' && node.name === name;
    const propertyIs = (node, name) =>
      (!node.computed && named(node.property, name)) || (node.property.type === 'Literal' && node.property.value === name);
    return {
      MemberExpression(node) {
        if (named(node.object, 'Date') && propertyIs(node, 'now')) report(node);
        // Knex's db.fn.now() is SQL's CURRENT_TIMESTAMP.
        if (propertyIs(node, 'now') && node.object.type === 'MemberExpression' && propertyIs(node.object, 'fn')) report(node);
      },
      NewExpression(node) {
        if (named(node.callee, 'Date') && node.arguments.length === 0) report(node);
      },
      Literal(node) {
        if (typeof node.value === 'string' && SQL_NOW.test(node.value)) report(node);
      },
      TemplateLiteral(node) {
        if (node.quasis.some((quasi) => SQL_NOW.test(quasi.value.raw))) report(node);
      },
    };
  },
};
// The only files where the system's or the database's time may be read directly.
const CLOCK_ALLOWED = [
  'server/clock/**',
  'server/db/schema-helpers.ts',
  // The rate limits' own windows are not business rules: they count real seconds per address.
  'server/http/rate-limit-store.ts',
  '**/*.test.ts',
];

const ROUTES_NO_DB_MESSAGE =
  'Route files take services, never the database (issue 30): build the service in the module entry (modules/<m>/index.ts) and pass it in.';
const KNEX_HANDLES = '/^(db|trx|knex)$/';
const STRING_ARG = '/^(Literal|TemplateLiteral)$/';
const KNEX_MESSAGE = 'SQL lives in *.repo.ts only (DESIGN.md §1): move this query into the repo of its domain.';

export default defineConfig(
  {
    ignores: ['dist/', 'dist-server/', 'node_modules/', '.data/', 'test-results/', 'coverage/'],
  },
  {
    files: CODE,
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // Augmenting a library's global types (Express.User) takes a `declare namespace` and an
      // interface that only extends: allowed, while runtime namespaces and `{}` types stay errors.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  // The browser code runs in the DOM, not in Node (its tests run in both).
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    // The browser's alert/confirm block the page and look foreign: useDialogs() shows ours (issue 17).
    rules: { 'no-alert': 'error' },
  },

  // Knex only in repos: a call db('table') / trx('table') / knex('table'), or db.raw / db.fn.
  // Type-only imports of Knex stay allowed everywhere (a service takes `trx: Knex.Transaction`).
  // (The only use of no-restricted-syntax: a later block setting it would replace these selectors.)
  {
    files: CODE,
    ignores: KNEX_ALLOWED,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.type='Identifier'][callee.name=${KNEX_HANDLES}][arguments.0.type=${STRING_ARG}]`,
          message: KNEX_MESSAGE,
        },
        {
          selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=${KNEX_HANDLES}][arguments.0.type=${STRING_ARG}]`,
          message: KNEX_MESSAGE,
        },
        {
          selector: `MemberExpression[object.type='Identifier'][object.name=${KNEX_HANDLES}][property.name=/^(raw|fn)$/]`,
          message: KNEX_MESSAGE,
        },
      ],
    },
  },

  // Authorization has one home (issue 30): the rules live in server/policies/*.policy.ts and
  // everything else asks authorize() or can() from server/policies/authorize.ts.
  {
    files: CODE,
    ignores: ['server/policies/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.policy', '**/*.policy.ts'],
              message: 'Ask authorize() or can() from server/policies/authorize.ts; "who may" rules live only in server/policies/.',
            },
          ],
        },
      ],
    },
  },

  // Routes never hold the database (issue 30): a module's index.ts builds its services from the
  // handle and gives the route files services, guards and small functions. A route cannot name
  // the Knex type nor reach server/db without an import, so refusing those imports is enough.
  // (This replaces the block above's option for route files, so its policy pattern is repeated.)
  {
    files: ['server/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'knex', message: ROUTES_NO_DB_MESSAGE }],
          patterns: [
            { group: ['**/db', '**/db/**'], message: ROUTES_NO_DB_MESSAGE },
            {
              group: ['**/*.policy', '**/*.policy.ts'],
              message: 'Ask authorize() or can() from server/policies/authorize.ts; "who may" rules live only in server/policies/.',
            },
          ],
        },
      ],
    },
  },

  // The injected clock (see clockRule above): an error, in server code only.
  {
    files: ['server/**/*.ts'],
    ignores: CLOCK_ALLOWED,
    plugins: { clock: { rules: { 'injected-only': clockRule } } },
    rules: { 'clock/injected-only': 'error' },
  },

  // Import boundaries, checked on the file each import resolves to (so `../billing` from
  // features/staff/orders is features/staff, the same feature, and `../../cart` is another one).
  {
    files: CODE,
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      // Element patterns are relative to the repository, wherever eslint is started from.
      'boundaries/root-path': import.meta.dirname,
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      // Elements are folders; the first match wins, so the specific ones come before client/src/**.
      'boundaries/elements': [
        { type: 'server', pattern: 'server/**', partialMatch: false },
        { type: 'shared', pattern: 'shared/**', partialMatch: false },
        { type: 'client-api', pattern: 'client/src/api/**', partialMatch: false },
        { type: 'client-ui', pattern: 'client/src/ui/**', partialMatch: false },
        { type: 'client-styles', pattern: 'client/src/styles/**', partialMatch: false },
        { type: 'client-testing', pattern: 'client/src/testing/**', partialMatch: false },
        // The providers every page reads through hooks (DESIGN.md §1: "providers (session, cart, i18n)"), and
        // the checkout helpers the cart, payment and return pages share (failure texts, VAT status).
        { type: 'client-context', pattern: 'client/src/app/{session,cart,checkout}/**', partialMatch: false },
        { type: 'client-feature', pattern: 'client/src/features/*/**', partialMatch: false, capture: ['feature'] },
        { type: 'client-app', pattern: 'client/src/**', partialMatch: false },
      ],
      // Kinds of single files, across elements.
      'boundaries/files': [
        { category: 'routes', pattern: 'server/**/*.routes.ts' },
        { category: 'repo', pattern: 'server/**/*.repo.ts' },
        { category: 'i18n-setup', pattern: 'client/src/app/i18n.ts' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          // A route and its repo live in one element (server/): check inside elements too.
          checkInternals: true,
          policies: [
            {
              from: { file: { categories: 'routes' } },
              disallow: { to: { file: { categories: 'repo' } } },
              message: 'Routes never import repos (DESIGN.md §1): call a service function.',
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { type: ['server', 'client-*'] } } },
              message: 'shared/ is imported by both sides and imports nothing from server/ or client/.',
            },
            {
              from: { element: { type: 'client-feature' } },
              disallow: { to: { element: { type: 'client-feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
              message: 'Features do not import each other (STYLE.md): move the shared piece to client/src/ui, client/src/api or shared/.',
            },
            {
              from: { element: { type: 'client-feature' } },
              disallow: { to: { element: { type: 'client-app' } } },
              message: 'Imports flow shared -> ui/api -> features -> app: a feature does not import the app shell.',
            },
            {
              // The i18n instance is a provider too (a page's test loads its language through it).
              from: { element: { type: 'client-feature' } },
              allow: { to: { file: { categories: 'i18n-setup' } } },
            },
            {
              from: { element: { type: ['client-api', 'client-ui', 'client-context'] } },
              disallow: { to: { element: { type: ['client-feature', 'client-app'] } } },
              message: 'Imports flow shared -> ui/api -> features -> app: this layer knows no feature nor the app shell.',
            },
            {
              from: { element: { type: 'client-api' } },
              disallow: { to: { element: { type: ['client-ui', 'client-context'] } } },
              message: 'client/src/api is the fetch wrapper: it imports shared/ only, no component or provider.',
            },
          ],
        },
      ],
    },
  },
);
