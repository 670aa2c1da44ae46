import { describe, expect, it } from 'vitest';
import { createProgress } from './progress.ts';

function stream(tty: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY: tty, write: (text: string) => written.push(text) } as never };
}

describe('createProgress', () => {
  it('writes a line at most every interval to a log, the last step and the summary always', () => {
    let clock = 0;
    const out = stream(false);
    const progress = createProgress('Seeding', {
      unit: 'orders',
      stream: out.stream,
      everyMs: 2000,
      now: () => clock,
    });
    for (let done = 1000; done <= 10_000; done += 1000) {
      clock += 500;
      progress.update(done, 10_000);
    }
    progress.done('Seeded 10,000 orders.');
    expect(out.written).toEqual([
      'Seeding: 4,000 of 10,000 orders (40%)\n',
      'Seeding: 8,000 of 10,000 orders (80%)\n',
      'Seeding: 10,000 of 10,000 orders (100%)\n',
      'Seeded 10,000 orders.\n',
    ]);
  });

  it('rewrites one line in place on a terminal, and counts without a total', () => {
    let clock = 0;
    const out = stream(true);
    const progress = createProgress('Building', { unit: 'modules', stream: out.stream, now: () => clock });
    clock += 150;
    progress.update(120);
    progress.update(121);
    clock += 150;
    progress.update(300);
    progress.done('Built.');
    expect(out.written).toEqual([
      '\r\x1b[2KBuilding: 120 modules',
      '\r\x1b[2KBuilding: 300 modules',
      '\r\x1b[2KBuilt.\n',
    ]);
  });
});
