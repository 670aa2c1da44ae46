import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED, redact, scrubText } from './logger.ts';

/** A destination that keeps every line written. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

const CANARY = {
  email: 'canary.person@example.org',
  phone: '1155550199',
  identification: '30111222',
  first_name: 'Canarina',
  last_name: 'Pajarito',
  address: 'Av. Canario 1234',
  token: 'APP_USR-5503910054141466-112116-0123456789abcdef0123456789abcdef-100000001',
  refresh: 'TG-5f0c1a2b3c4d5e6f7a8b9c0d-100000001',
};

describe('createLogger', () => {
  it('redacts personal data and tokens by key at any depth, and by shape in free text', () => {
    const out = capture();
    const logger = createLogger({ destination: out.stream });
    logger.info(
      {
        user: {
          email: CANARY.email,
          phone: { area_code: '11', number: CANARY.phone },
          identification: { type: 'DNI', number: CANARY.identification },
          first_name: CANARY.first_name,
          last_name: CANARY.last_name,
          address: { address: CANARY.address },
        },
        headers: { Authorization: `Bearer ${CANARY.token}`, Cookie: 'session=abc' },
        refresh_token: CANARY.refresh,
        url: `/orders/1?access_token=${CANARY.token}&attributes=id`,
        note: `written by ${CANARY.email} with ${CANARY.token}`,
        list: [{ access_token: CANARY.token }],
      },
      `login of ${CANARY.email} using ${CANARY.refresh}`,
    );
    logger.warn(`plain text with Bearer ${CANARY.token}`);
    logger.error({ err: new Error(`failed for ${CANARY.email}`) }, 'boom');
    const text = out.text();
    for (const value of Object.values(CANARY)) expect(text).not.toContain(value);
    expect(text).not.toContain('session=abc');
    const [first] = out.lines.map((l) => JSON.parse(l));
    expect(first.user).toEqual({
      email: REDACTED,
      phone: REDACTED,
      identification: REDACTED,
      first_name: REDACTED,
      last_name: REDACTED,
      address: REDACTED,
    });
    expect(first.url).toBe(`/orders/1?access_token=${REDACTED}&attributes=id`);
    expect(first.msg).toBe(`login of [email] using TG-${REDACTED}`);
    expect(first.level).toBe('info');
    // What is not personal stays readable.
    expect(text).toContain('/orders/1');
    expect(text).toContain('failed for [email]');
  });

  it('scrubs and redacts as documented', () => {
    expect(scrubText('mail a.b+c@d.co now')).toBe('mail [email] now');
    expect(scrubText('?x=1&access_token=abc&y=2')).toBe(`?x=1&access_token=${REDACTED}&y=2`);
    expect(redact({ nested: { PHONE: '1' }, n: 5, ok: 'text' })).toEqual({
      nested: { PHONE: REDACTED },
      n: 5,
      ok: 'text',
    });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(redact(cyclic)).toEqual({ a: 1, self: '[…]' });
  });

  it('writes the same error line once per window, then says how many were left out', () => {
    const out = capture();
    let now = 0;
    const logger = createLogger({
      destination: out.stream,
      repeatWindowMs: 60_000,
      now: () => now,
      explain: (error) =>
        (error as { code?: string }).code === 'SQLITE_FULL'
          ? 'the disk holding data/x.db is full'
          : undefined,
    });
    const full = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    for (let i = 0; i < 1000; i++) logger.error({ err: full() }, 'notification dispatcher failed');
    logger.error({ err: full() }, 'unexpected error');
    logger.error({ err: new Error('another') }, 'notification dispatcher failed');
    logger.info('not an error: never held back');
    logger.info('not an error: never held back');
    now = 60_000;
    logger.error({ err: full() }, 'notification dispatcher failed');
    const lines = out.lines.map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.msg, l.err?.message, l.repeated])).toEqual([
      ['notification dispatcher failed', 'database or disk is full', undefined],
      ['unexpected error', 'database or disk is full', undefined],
      ['notification dispatcher failed', 'another', undefined],
      ['not an error: never held back', undefined, undefined],
      ['not an error: never held back', undefined, undefined],
      ['notification dispatcher failed', 'database or disk is full', 999],
    ]);
    expect(lines[0]).toMatchObject({
      err: { code: 'SQLITE_FULL' },
      explanation: 'the disk holding data/x.db is full',
    });
    expect(lines[2].explanation).toBeUndefined();
  });
});

/**
 * A process logging to its standard output through `createLogger`, as the server does; `script` runs after `log`
 * is made. Answers the lines seen so far and a way to wait for one.
 */
function loggingProcess(script: string) {
  const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { createLogger } from ${JSON.stringify(logger)}; const log = createLogger(); ${script}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  const waiters: (() => void)[] = [];
  // Decoded across reads: a character of more than one byte may arrive in two.
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  const lines = () =>
    out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    child,
    lines,
    async until(found: (lines: Record<string, unknown>[]) => boolean) {
      while (!found(lines())) await new Promise<void>((wake) => waiters.push(wake));
    },
    exited: new Promise<number | null>((done) => child.once('exit', done)),
  };
}

describe('standard output, written in batches', () => {
  it('keeps every line whole and in order, and writes the rest when the process exits', async () => {
    const run = loggingProcess(
      "for (let i = 0; i < 2000; i++) log.info({ method: 'GET', path: '/orders/' + i, status: 200 }, 'request'); process.exit(0);",
    );
    expect(await run.exited).toBe(0);
    const lines = run.lines();
    expect(lines).toHaveLength(2000);
    expect(lines.map((l) => l.path)).toEqual(Array.from({ length: 2000 }, (_, i) => `/orders/${i}`));
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'request', method: 'GET', status: 200 });
  });

  it('keeps the order lines were written in, across the loggers of a process', async () => {
    // The second logger's lines carry text of more than one byte per character, as Portuguese and Spanish do.
    const run = loggingProcess(
      "const other = createLogger({ base: { service: 'outro' } }); for (let i = 0; i < 3000; i++) (i % 3 ? log : other).info({ n: i, note: 'atenção, señal' }, 'linha'); process.exit(0);",
    );
    expect(await run.exited).toBe(0);
    const lines = run.lines();
    expect(lines.map((l) => l.n)).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    expect(lines.filter((l) => l.service === 'outro')).toHaveLength(1000);
    expect(new Set(lines.map((l) => l.note))).toEqual(new Set(['atenção, señal']));
  });

  it('writes a few lines, and an error line, while the process runs on', async () => {
    // Each process stays alive (the interval) and writes far less than a batch.
    const cases = [
      { script: "log.info({ path: '/a' }, 'request');", msg: 'request' },
      { script: "log.error({ err: new Error('disk full') }, 'unexpected error');", msg: 'unexpected error' },
      // `logger.flush` calls back once what waited is written.
      {
        script: "log.info({ path: '/a' }, 'request'); log.flush(() => log.info({}, 'flushed'));",
        msg: 'flushed',
      },
    ];
    for (const { script, msg } of cases) {
      const run = loggingProcess(
        `${script} setInterval(() => {}, 1000); process.once('SIGTERM', () => process.exit(0));`,
      );
      try {
        await run.until((lines) => lines.some((l) => l.msg === msg));
      } finally {
        run.child.kill('SIGTERM');
        await run.exited;
      }
    }
  });
});
