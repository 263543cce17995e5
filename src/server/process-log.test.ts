import { describe, expect, it } from 'vitest';
import { createProcessLog } from './process-log';

describe('createProcessLog', () => {
  it('writes JSON lines at or above its level, with errors reduced to their message', () => {
    const lines: string[] = [];
    const log = createProcessLog('warn', (line) => lines.push(line));
    log.info('not shown');
    log.warn({ code: 1 }, 'a worker stopped');
    log.error({ err: new Error('disk full') }, 'job failed');
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toMatchObject([
      { level: 40, code: 1, msg: 'a worker stopped' },
      { level: 50, err: 'disk full', msg: 'job failed' },
    ]);
    expect(lines.every((line) => line.endsWith('\n'))).toBe(true);
  });

  it('writes nothing when silent', () => {
    const lines: string[] = [];
    createProcessLog('silent', (line) => lines.push(line)).error('nothing');
    expect(lines).toEqual([]);
  });
});
