// Setup of the unit project (vitest.config.ts). The suite runs a file per core, and a busy 2-core CI
// machine can take over a second to show a screen a test waits for with findBy: Testing Library's
// default. Five seconds still fails a screen that never comes, without failing a slow one.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}

export {};
