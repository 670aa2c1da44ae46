import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ActiveSession, Sessions } from '../session/sessions.ts';
import { activeUserOf, type SessionEnv, sessionContext } from './session.ts';

function countingSessions(found: ActiveSession | null) {
  const asked: (string | undefined)[] = [];
  const sessions = {
    resolve: async (cookie: string | undefined) => {
      asked.push(cookie);
      return cookie === 'good' ? found : null;
    },
  } as unknown as Sessions;
  return { sessions, asked };
}

const session = { idHash: 'h', row: { active_user_id: 7 } } as unknown as ActiveSession;

function app(sessions: Sessions) {
  const a = new Hono<SessionEnv>();
  a.use(sessionContext(sessions, []));
  a.get('/twice', async (c) => {
    const first = await c.var.session();
    const second = await c.var.session();
    return c.json({ same: first === second, user: await activeUserOf(c) });
  });
  a.get('/never', (c) => c.text('ok'));
  return a;
}

describe('session middleware', () => {
  it('looks the cookie up once per request, on first use', async () => {
    const { sessions, asked } = countingSessions(session);
    const res = await app(sessions).request('/twice', {
      headers: { cookie: '__Host-mostrador_session=good' },
    });
    expect(await res.json()).toEqual({ same: true, user: 7 });
    expect(asked).toEqual(['good']);
    await app(sessions).request('/never', { headers: { cookie: '__Host-mostrador_session=good' } });
    expect(asked).toEqual(['good']);
  });

  it('never authenticates a request that brings its own token by the cookie', async () => {
    const { sessions, asked } = countingSessions(session);
    const res = await app(sessions).request('/twice', {
      headers: { cookie: '__Host-mostrador_session=good', authorization: 'Bearer APP_USR-1' },
    });
    expect(await res.json()).toEqual({ same: true, user: null });
    const legacy = await app(sessions).request('/twice?access_token=APP_USR-1', {
      headers: { cookie: '__Host-mostrador_session=good' },
    });
    expect(await legacy.json()).toEqual({ same: true, user: null });
    expect(asked).toEqual([]);
  });

  it('has no account without a session', async () => {
    const { sessions } = countingSessions(session);
    const res = await app(sessions).request('/twice', {
      headers: { cookie: '__Host-mostrador_session=other' },
    });
    expect(await res.json()).toEqual({ same: true, user: null });
  });
});
