/**
 * A reason a source cannot be indexed that retrying will not change (an encrypted PDF, a page
 * robots.txt forbids, a 404). Its message is shown as the source's `error`, so it says what a
 * person can do about it. Any other error during indexing is taken as passing (a network
 * failure) and the job is retried before the source fails.
 */
export class SourceProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceProblem';
  }
}
