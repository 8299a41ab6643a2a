/**
 * The month's API usage as it stood when a request arrived, read once by quotaHeaders and
 * shared by the burst limit, the quota and GET /usage, so all of them answer from one reading.
 */
import type { Response } from 'express';

export interface QuotaReading {
  now: Date;
  /** The usage month, `YYYY-MM`. */
  month: string;
  /** The plan's monthly calls; null: unlimited. */
  limit: number | null;
  /** Calls counted before this one. */
  used: number;
}

declare global {
  namespace Express {
    interface Locals {
      /** Set by quotaHeaders, right after the key door. */
      quota?: QuotaReading;
    }
  }
}

/** This request's reading; only routes behind quotaHeaders ask for it. */
export function quotaReadingOf(res: Response): QuotaReading {
  const { quota } = res.locals;
  if (!quota) throw new Error('quotaHeaders has not read the quota of this request');
  return quota;
}
