// Setup of the unit project (vitest.config.ts). The suite runs a file per core, and a busy 2-core CI
// machine can take over a second to show a screen a test waits for with findBy: Testing Library's
// default. The back-office's first screen (its dashboard, now with the deliveries banner and the query
// client) took just over five seconds twice in a full run: ten still fails a screen that never comes.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};

// TanStack Query hands its answers to React in a batch run by a `setTimeout(0)`; the screen tests
// flush one timer after an answer (as they did when hooks set state directly): run the batch as a
// microtask so that one flush shows it.
const { notifyManager } = await import('@tanstack/react-query');
notifyManager.setScheduler(queueMicrotask);
