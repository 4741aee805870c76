// The server's import graph has no cycle (issue 30): a cycle means neither side can be understood,
// tested or changed alone. `npm run lint` runs this over server/ (file cycles) and
// tools/module-cycles.ts over the same graph (cycles between modules); tools/dependency-rules.test.ts
// checks that both fire, and that server/shared/ (what modules share instead of importing each other)
// imports no module.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A file must not import itself back through others: move the shared piece down to a leaf file.',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'shared-is-a-leaf',
      severity: 'error',
      comment: 'server/shared/ holds what modules share so that they need not import each other: it imports no module.',
      from: { path: '^server/shared/' },
      to: { path: '^server/modules/' },
    },
  ],
  options: {
    // Type-only imports tie files together as much as value imports do.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    // Tests and the demo seeds (server/seed-demo.ts imports them) are no part of the server's graph.
    exclude: { path: ['\\.test\\.ts$', '^seeds/'] },
  },
};
