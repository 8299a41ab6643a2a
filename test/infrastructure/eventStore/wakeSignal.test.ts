import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Subject } from 'rxjs';
import { wakeSignal } from '../../../infrastructure/eventStore/wakeSignal.js';

const timed = async (p: Promise<void>) => {
  const started = Date.now();
  await p;
  return Date.now() - started;
};

test('an idle sleep lasts its time', async () => {
  const s = wakeSignal();
  assert.ok((await timed(s.sleep(60))) >= 50);
});

test('a wake during a sleep ends it at once', async () => {
  const s = wakeSignal();
  const sleeping = timed(s.sleep(5000));
  setTimeout(() => s.wake(), 10);
  assert.ok((await sleeping) < 1000);
});

test('a wake while busy is kept: the next sleep ends at once, the one after waits again', async () => {
  const s = wakeSignal();
  s.wake();
  assert.ok((await timed(s.sleep(5000))) < 50);
  assert.ok((await timed(s.sleep(60))) >= 50);
});

test('the source wakes it until closed', async () => {
  const appended$ = new Subject<void>();
  const s = wakeSignal(appended$);
  const sleeping = timed(s.sleep(5000));
  appended$.next();
  assert.ok((await sleeping) < 1000);
  s.close();
  appended$.next();
  assert.ok((await timed(s.sleep(60))) >= 50, 'a closed signal no longer follows its source');
});

test.run();
