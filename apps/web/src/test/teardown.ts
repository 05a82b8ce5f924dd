// Routers and query caches outlive the unmounted tree: a lazy route or a request that settles after a test
// would otherwise still update them, and React would run that work after jsdom's window is gone.
const teardowns: (() => void)[] = [];

/** Runs `teardown` after the current test (the test setup calls `runTeardowns`). */
export function afterThisTest(teardown: () => void): void {
  teardowns.push(teardown);
}

export function runTeardowns(): void {
  for (const teardown of teardowns.splice(0)) teardown();
}
