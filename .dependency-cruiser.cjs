// The import graph of the server, the console and the domain has no circle (decision 0915).
// `npm run lint` runs it after eslint; scripts/__tests__/import-circles.test.ts checks it on
// scripts/lint-fixtures/circle/ (two files importing each other) and on the real tree.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports: one side must be the lower module (decision 0915).',
      from: {},
      // `import type` counts too: a circle of types is a circle of ideas, and it breaks the same way
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|build)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    cache: false,
  },
};
