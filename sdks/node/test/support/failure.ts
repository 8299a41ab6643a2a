/** The error a call fails with; throws when the call succeeds instead (so the test fails). */
export async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}
