/**
 * A uvu `before` hook whose failure is seen. uvu runs a suite's `after` hooks in a `finally`
 * block that returns, which drops whatever the `before` hook threw: the suite ends with none of
 * its tests passed, no reason printed and exit code 0. Wrapped, the error is printed and the
 * process exits with 1; the `after` hooks still run, so they must close only what was started.
 */
export function reportedSetUp(setUp: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await setUp();
    } catch (err) {
      console.error('The suite could not be set up:', err);
      // After uvu's own exit code (0 here, as it saw no failed test).
      process.on('exit', () => {
        process.exitCode = 1;
      });
      throw err;
    }
  };
}
