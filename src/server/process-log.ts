import type { Config } from './config';
import { loggableError } from './log-redaction';
import { systemClock } from '../shared/clock';

const levels = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;

export interface ProcessLog {
  info(objectOrMessage: object | string, message?: string): void;
  warn(objectOrMessage: object | string, message?: string): void;
  error(objectOrMessage: object | string, message?: string): void;
}

/**
 * JSON log lines in the shape Fastify's logger writes, for the cluster primary, which has no
 * Fastify instance of its own. Errors are reduced to their message: nothing personal is logged.
 */
export function createProcessLog(
  level: Config['logLevel'],
  write: (line: string) => void = (line) => void process.stdout.write(line),
) {
  const threshold = levels[level];
  const line =
    (value: number) =>
    (objectOrMessage: object | string, message?: string): void => {
      if (value < threshold) return;
      const fields = typeof objectOrMessage === 'string' ? {} : { ...objectOrMessage };
      const text = typeof objectOrMessage === 'string' ? objectOrMessage : message;
      if ('err' in fields && fields.err instanceof Error) fields.err = loggableError(fields.err).message;
      write(
        `${JSON.stringify({ level: value, time: systemClock().getTime(), pid: process.pid, ...fields, msg: text })}\n`,
      );
    };
  return { info: line(levels.info), warn: line(levels.warn), error: line(levels.error) } satisfies ProcessLog;
}
