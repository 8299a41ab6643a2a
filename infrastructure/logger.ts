/**
 * winston logger. Secrets never reach a log line: known secret-bearing keys are masked
 * before formatting, whatever the caller passes.
 */
import winston from 'winston';

const SECRET_KEYS = /^(x-api-key|apikey|api_key|authorization|password|secret|otp|code|token|access_token|signature)$/i;

const redact = winston.format((info) => {
  const mask = (value: unknown, depth: number): unknown => {
    if (depth > 4 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => mask(v, depth + 1));
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEYS.test(k) ? '[redacted]' : mask(v, depth + 1),
      ]),
    );
  };
  for (const key of Object.keys(info)) {
    if (SECRET_KEYS.test(key)) (info as Record<string, unknown>)[key] = '[redacted]';
    else (info as Record<string, unknown>)[key] = mask((info as Record<string, unknown>)[key], 0);
  }
  return info;
});

export type Logger = winston.Logger;

export function createLogger(level: string): Logger {
  return winston.createLogger({
    level,
    format: winston.format.combine(redact(), winston.format.timestamp(), winston.format.json()),
    transports: [new winston.transports.Console({ stderrLevels: ['error', 'warn', 'info', 'debug'] })],
  });
}
