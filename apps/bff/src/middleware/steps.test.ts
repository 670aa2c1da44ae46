import { errorBody } from '@mostrador/contracts';
import { errorRenderer } from '@mostrador/server-kit/http';
import { Context, type Env, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { type Answer, runSteps, type Step, stepsMiddleware } from './steps.ts';

const onError = errorRenderer({ internalError: errorBody('internal_error') });

/** A step that writes down when it enters and leaves, and the status it leaves on. */
function traced(name: string, seen: string[], more: Partial<Step> = {}): Step {
  return {
    enter: (c) => {
      seen.push(`enter ${name}`);
      return more.enter?.(c);
    },
    leave: (c) => {
      seen.push(`leave ${name} ${c.res.status}`);
      return more.leave?.(c);
    },
  };
}

async function answer(steps: Step[], handler: Answer<Env>) {
  const c = new Context(new Request('http://localhost/x'), { env: {}, path: '/x' });
  await runSteps(c, steps, handler, onError);
  return c.res;
}

const ok: Answer<Env> = async (c) => c.json({ ok: true });

describe('steps', () => {
  it('enter in order, answer, and leave last first', async () => {
    const seen: string[] = [];
    const res = await answer([traced('a', seen), traced('b', seen), traced('c', seen)], ok);
    expect(res.status).toBe(200);
    expect(seen).toEqual(['enter a', 'enter b', 'enter c', 'leave c 200', 'leave b 200', 'leave a 200']);
  });

  it('stop at a refusal: later steps never enter, the refusing one does not leave, earlier ones leave on it', async () => {
    const seen: string[] = [];
    const refuse = traced('b', seen, { enter: async (c) => c.json({ no: true }, 429) });
    let answered = false;
    const res = await answer([traced('a', seen), refuse, traced('c', seen)], async (c) => {
      answered = true;
      return c.json({});
    });
    expect(res.status).toBe(429);
    expect(answered).toBe(false);
    expect(seen).toEqual(['enter a', 'enter b', 'leave a 429']);
  });

  it('render an error where it is thrown, and every step that entered leaves on the rendered answer', async () => {
    const seen: string[] = [];
    const res = await answer([traced('a', seen), traced('b', seen)], async () => {
      throw new Error('boom');
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: 'internal_error' });
    expect(seen).toEqual(['enter a', 'enter b', 'leave b 500', 'leave a 500']);
  });

  it('render an error thrown while leaving, for the steps further out', async () => {
    const seen: string[] = [];
    const failing = traced('b', seen, {
      leave: () => {
        throw new HTTPException(503, { res: new Response('later', { status: 503 }) });
      },
    });
    const res = await answer([traced('a', seen), failing], ok);
    expect(res.status).toBe(503);
    expect(seen).toEqual(['enter a', 'enter b', 'leave b 200', 'leave a 503']);
  });

  it('hand the rest of the request to an around step, and leave the steps outside it after', async () => {
    const seen: string[] = [];
    const around: Step = {
      around: async (c, next) => {
        seen.push('around in');
        await next();
        seen.push(`around out ${c.res.status}`);
      },
    };
    const res = await answer([traced('a', seen), around, traced('b', seen)], ok);
    expect(res.status).toBe(200);
    expect(seen).toEqual(['enter a', 'around in', 'enter b', 'leave b 200', 'around out 200', 'leave a 200']);
  });

  it('pass an around step by, entering it as any other, for a request it does not hold', async () => {
    const seen: string[] = [];
    const sometimes = (holds: boolean): Step => ({
      enter: () => {
        seen.push('enter sometimes');
        return undefined;
      },
      holds: () => holds,
      around: async (_c, next) => {
        seen.push('around in');
        await next();
      },
    });
    await answer([traced('a', seen), sometimes(false), traced('b', seen)], ok);
    expect(seen).toEqual(['enter a', 'enter sometimes', 'enter b', 'leave b 200', 'leave a 200']);
    seen.length = 0;
    await answer([traced('a', seen), sometimes(true), traced('b', seen)], ok);
    expect(seen).toEqual(['enter a', 'around in', 'enter b', 'leave b 200', 'leave a 200']);
  });

  it('render what an around step throws, as the time limit throws its 504', async () => {
    const seen: string[] = [];
    const late: Step = {
      around: async () => {
        throw new HTTPException(504, { res: new Response('late', { status: 504 }) });
      },
    };
    const res = await answer([traced('a', seen), late, traced('b', seen)], ok);
    expect(res.status).toBe(504);
    expect(seen).toEqual(['enter a', 'leave a 504']);
  });

  it('run around the routes of a Hono app as one middleware', async () => {
    const seen: string[] = [];
    const app = new Hono();
    app.onError(onError);
    app.use('*', stepsMiddleware([traced('a', seen)], onError));
    app.get('/fails', () => {
      throw new Error('boom');
    });
    app.get('/ok', (c) => c.text('fine'));
    expect((await app.request('/ok')).status).toBe(200);
    expect((await app.request('/fails')).status).toBe(500);
    expect((await app.request('/none')).status).toBe(404);
    expect(seen).toEqual(['enter a', 'leave a 200', 'enter a', 'leave a 500', 'enter a', 'leave a 404']);
  });
});
