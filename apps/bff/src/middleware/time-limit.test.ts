import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { timeLimit } from './time-limit.ts';

/** An app whose `/wait/:ms` answers after that many ms, under a limit of `limitMs`. */
function appWithLimit(limitMs: number) {
  const app = new Hono();
  app.onError((error) =>
    error instanceof HTTPException ? error.getResponse() : new Response('failed', { status: 500 }),
  );
  app.use(timeLimit(limitMs));
  app.get('/wait/:ms', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, Number(c.req.param('ms'))));
    return c.text(`waited ${c.req.param('ms')}`);
  });
  app.get('/fails', async () => {
    await Promise.resolve();
    throw new Error('handler failed');
  });
  return app;
}

/** The status and what the answer says: the text of a handler's answer, the error code of the limit's. */
const answer = async (res: Response | Promise<Response>) => {
  const r = await res;
  const text = await r.text();
  if (r.status !== 504) return `${r.status} ${text}`;
  expect(r.headers.get('cache-control')).toBe('no-store');
  return `${r.status} ${(JSON.parse(text) as { error: string }).error}`;
};

describe('timeLimit', () => {
  it('answers within the limit as the handler did, and past it with the limit’s answer', async () => {
    const app = appWithLimit(150);
    const [slow, fast, failing] = await Promise.all([
      answer(app.request('/wait/2000')),
      answer(app.request('/wait/0')),
      answer(app.request('/fails')),
    ]);
    expect(slow).toBe('504 gateway_timeout');
    expect(fast).toBe('200 waited 0');
    expect(failing).toBe('500 failed');
  });

  it('times out a request that arrives after others were answered, and each of several slow ones', async () => {
    const app = appWithLimit(100);
    for (let i = 0; i < 50; i++) expect(await answer(app.request('/wait/0'))).toBe('200 waited 0');
    const slow = [answer(app.request('/wait/3000'))];
    await new Promise((resolve) => setTimeout(resolve, 30));
    slow.push(answer(app.request('/wait/3000')), answer(app.request('/wait/5')));
    expect(await Promise.all(slow)).toEqual(['504 gateway_timeout', '504 gateway_timeout', '200 waited 5']);
    // The limit holds again once nothing is in flight.
    expect(await answer(app.request('/wait/3000'))).toBe('504 gateway_timeout');
  });
});
