/**
 * Runs the SVG sanitizer off the request thread. Cleaning builds a jsdom tree and takes seconds
 * for the largest files allowed; on the request thread that froze every request, and a big
 * enough file exhausted the heap and killed the process. Here files are cleaned in worker
 * threads with a heap limit, and each file has a deadline: a worker that runs out of memory or
 * time is ended and that upload refused (SVG_TOO_COMPLEX), and the process carries on.
 *
 * At most `maxConcurrent` workers exist (each may use `maxHeapMb`), and at most `maxQueued`
 * files wait for one; beyond that the upload is refused for now (SvgCleanerBusyError). Starting
 * a worker costs about a second (loading jsdom), so one that answered is kept for the next file
 * and ended after `idleMs` without work; an idle worker does not keep the process alive.
 *
 * The cleaner serves every workspace of the process, so one workspace uploading many large files
 * must not leave the others nothing: each tenant (the workspace that uploads) may have at most
 * `maxPerTenant` files being cleaned or waiting, fewer than the cleaner holds, and its next
 * upload is the one refused while another workspace still gets in.
 */
import { Worker } from 'node:worker_threads';
import { DEFAULT_SVG_LIMITS, SvgRefusedError, tooComplex, type SvgLimits, type SvgRefusal } from './svgReader.js';

/** What the worker says (svgCleanerThread.ts): once ready, then one answer per file. */
export type CleanerReply =
  | { kind: 'ready' }
  | { kind: 'cleaned'; svg: string | null }
  | { kind: 'refused'; code: SvgRefusal; message: string }
  | { kind: 'failed'; message: string };

export interface SvgCleanerOptions {
  /** What a file may hold; the request thread checks the same limits while the upload arrives. */
  limits: SvgLimits;
  /** How long cleaning one file may take; the worker is ended after that. */
  timeoutMs: number;
  /** How long a new worker may take to be ready. */
  startTimeoutMs: number;
  /** A worker's old-generation heap. The largest file allowed needs about 250 MB. */
  maxHeapMb: number;
  maxConcurrent: number;
  maxQueued: number;
  /** Files one tenant may have being cleaned or waiting at once; below maxConcurrent + maxQueued. */
  maxPerTenant: number;
  /** How long a worker is kept without work. */
  idleMs: number;
  /** The worker's script (tests point it at one that fails). */
  entry: URL;
}

export const DEFAULT_SVG_CLEANER_OPTIONS: SvgCleanerOptions = Object.freeze({
  limits: DEFAULT_SVG_LIMITS,
  timeoutMs: 30_000,
  startTimeoutMs: 30_000,
  maxHeapMb: 384,
  maxConcurrent: 2,
  maxQueued: 4,
  maxPerTenant: 3,
  idleMs: 60_000,
  entry: new URL('./svgCleanerWorker.mjs', import.meta.url),
});

/** Every worker is busy and the queue is full, or the tenant has its share in hand. */
export class SvgCleanerBusyError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'too many SVG files are being cleaned right now; try again in a few seconds',
  ) {
    super(message);
    this.name = 'SvgCleanerBusyError';
  }
}

type Outcome =
  | { kind: 'reply'; reply: CleanerReply }
  | { kind: 'error'; error: Error & { code?: string } }
  | { kind: 'exit'; code: number }
  | { kind: 'timeout' };

/** One worker thread, and what it said or did last. */
class CleanerThread {
  private readonly worker: Worker;
  private listener: ((outcome: Outcome) => void) | null = null;
  /** Set once the thread failed or ended: it takes no more work. */
  gone: Outcome | null = null;
  idleTimer: NodeJS.Timeout | undefined;

  constructor(options: SvgCleanerOptions, onGone: (thread: CleanerThread) => void) {
    this.worker = new Worker(options.entry, {
      workerData: { limits: options.limits },
      // Not the parent's flags (--inspect would clash); the entry registers tsx itself.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
    });
    const end = (outcome: Outcome) => {
      this.gone ??= outcome;
      this.tell(this.gone);
      onGone(this);
    };
    this.worker.on('message', (reply: CleanerReply) => this.tell({ kind: 'reply', reply }));
    this.worker.on('error', (error) => end({ kind: 'error', error }));
    this.worker.on('messageerror', (error) => end({ kind: 'error', error }));
    this.worker.on('exit', (code) => end({ kind: 'exit', code }));
  }

  private tell(outcome: Outcome) {
    const listener = this.listener;
    this.listener = null;
    listener?.(outcome);
  }

  /** What the thread does next: a reply, a failure, or nothing within `ms`. */
  next(ms: number): Promise<Outcome> {
    if (this.gone) return Promise.resolve(this.gone);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.listener = null;
        resolve({ kind: 'timeout' });
      }, ms);
      this.listener = (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      };
    });
  }

  send(source: Uint8Array) {
    const bytes = new Uint8Array(source); // a copy of its own, handed over without another
    this.worker.postMessage(bytes, [bytes.buffer]);
  }

  /** An idle thread lets the process exit; a busy one does not. */
  hold(busy: boolean) {
    if (busy) this.worker.ref();
    else this.worker.unref();
  }

  async end(): Promise<void> {
    clearTimeout(this.idleTimer);
    await this.worker.terminate().catch(() => undefined);
  }
}

export class SvgCleaner {
  readonly options: SvgCleanerOptions;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly idle: CleanerThread[] = [];
  /** Files each tenant has being cleaned or waiting. */
  private readonly perTenant = new Map<string, number>();

  constructor(options: Partial<SvgCleanerOptions> = {}) {
    const given = Object.entries(options).filter(([, value]) => value !== undefined);
    this.options = { ...DEFAULT_SVG_CLEANER_OPTIONS, ...Object.fromEntries(given) };
  }

  get limits(): SvgLimits {
    return this.options.limits;
  }

  /** Workers kept ready for the next file. */
  get idleWorkers(): number {
    return this.idle.length;
  }

  /**
   * The cleaned document (UTF-8 `source`), or null when nothing drawable is left. Rejects with
   * SvgRefusedError (the file's fault: malformed, over a limit, or too costly to clean),
   * SvgCleanerBusyError, or a plain Error when a worker failed for another reason. A file with
   * a `tenant` counts towards that tenant's share; one without counts only towards the whole.
   */
  async clean(source: Uint8Array, tenant?: string): Promise<string | null> {
    const leave = this.enter(tenant);
    try {
      await this.acquire();
      try {
        let thread = this.idle.pop();
        clearTimeout(thread?.idleTimer);
        if (!thread || thread.gone) thread = await this.start();
        thread.hold(true);
        return await this.cleanIn(thread, source);
      } finally {
        this.release();
      }
    } finally {
      leave();
    }
  }

  /** Files `tenant` has being cleaned or waiting. */
  heldBy(tenant: string): number {
    return this.perTenant.get(tenant) ?? 0;
  }

  /** Ends the idle workers (a busy one ends after its file). */
  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((thread) => thread.end()));
  }

  /** Counts the file towards its tenant's share, or refuses it when the share is in hand; returns the undoing. */
  private enter(tenant: string | undefined): () => void {
    if (tenant === undefined) return () => undefined;
    const held = this.heldBy(tenant);
    if (held >= this.options.maxPerTenant)
      throw new SvgCleanerBusyError(
        5,
        'too many SVG files from this workspace are being cleaned right now; try again in a few seconds',
      );
    this.perTenant.set(tenant, held + 1);
    return () => {
      const left = this.heldBy(tenant) - 1;
      if (left > 0) this.perTenant.set(tenant, left);
      else this.perTenant.delete(tenant);
    };
  }

  private acquire(): Promise<void> {
    if (this.running < this.options.maxConcurrent) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.maxQueued) return Promise.reject(new SvgCleanerBusyError(5));
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot to the next file waiting, if any. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }

  private async start(): Promise<CleanerThread> {
    const thread = new CleanerThread(this.options, (gone) => this.forget(gone));
    const outcome = await thread.next(this.options.startTimeoutMs);
    if (outcome.kind === 'reply' && outcome.reply.kind === 'ready') return thread;
    await thread.end();
    if (outcome.kind === 'error' && outcome.error.code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new Error(`the SVG cleaning worker ran out of memory (${this.options.maxHeapMb} MB) while starting`);
    throw this.failure(outcome, 'starting');
  }

  private async cleanIn(thread: CleanerThread, source: Uint8Array): Promise<string | null> {
    thread.send(source);
    const outcome = await thread.next(this.options.timeoutMs);
    if (outcome.kind === 'reply' && (outcome.reply.kind === 'cleaned' || outcome.reply.kind === 'refused')) {
      this.park(thread);
      if (outcome.reply.kind === 'cleaned') return outcome.reply.svg;
      throw new SvgRefusedError(outcome.reply.code, outcome.reply.message);
    }
    // Timed out, out of memory, failed or gone: that thread takes no more files. The slot is
    // given back only once it has ended, so its memory has been given back too.
    await thread.end();
    if (outcome.kind === 'timeout')
      throw tooComplex(`cleaning it took longer than ${this.options.timeoutMs / 1000} seconds`);
    if (outcome.kind === 'error' && outcome.error.code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw tooComplex(`cleaning it needs more than ${this.options.maxHeapMb} MB of memory`);
    throw this.failure(outcome, 'cleaning');
  }

  private failure(outcome: Outcome, doing: string): Error {
    switch (outcome.kind) {
      case 'timeout':
        return new Error(
          `the SVG cleaning worker did not answer within ${this.options.startTimeoutMs / 1000} seconds of ${doing}`,
        );
      case 'error':
        return new Error(`the SVG cleaning worker failed: ${outcome.error.message}`, { cause: outcome.error });
      case 'exit':
        return new Error(`the SVG cleaning worker stopped (exit code ${outcome.code}) before answering`);
      default:
        return new Error(
          `SVG cleaning failed: ${outcome.reply.kind === 'failed' ? outcome.reply.message : `unexpected answer ${outcome.reply.kind}`}`,
        );
    }
  }

  /** Keeps a thread that answered for the next file, for `idleMs`. */
  private park(thread: CleanerThread) {
    thread.hold(false);
    thread.idleTimer = setTimeout(() => {
      this.forget(thread);
      void thread.end();
    }, this.options.idleMs);
    thread.idleTimer.unref();
    this.idle.push(thread);
  }

  private forget(thread: CleanerThread) {
    const at = this.idle.indexOf(thread);
    if (at !== -1) this.idle.splice(at, 1);
  }
}

/** The process's cleaner, used by uploads unless another is given. */
export const svgCleaner = new SvgCleaner();
