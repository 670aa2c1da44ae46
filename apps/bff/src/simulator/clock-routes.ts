import { type ClockMoveRequest, type ClockStatus, clockMoveSchema, errorBody } from '@mostrador/contracts';
import { readJsonBody } from '@mostrador/server-kit/http';
import { type Context, Hono } from 'hono';
import type { SessionEnv } from '../middleware/session.ts';
import type { Sessions } from '../session/sessions.ts';

/** The embedded marketplace's test clock (local use only, decision 0289). */
export interface ClockControl {
  read(): Promise<{ now: string; offset_ms: number }>;
  move(move: ClockMoveRequest): Promise<{ now: string; offset_ms: number; purged: number; changed: number }>;
  /** Whether this user may move it: the application's owner, as for the simulator. */
  mayControl(userId: number): Promise<boolean>;
}

const MAX_JSON_BYTES = 1024;
const UNAVAILABLE: ClockStatus = { available: false, now: null, offset_ms: null };

/**
 * `GET|POST /bff/clock`: the marketplace's time beside the app's simulator control, and moving it. Without a control
 * (a remote platform) GET says it is unavailable and POST is 404; to anyone but the application's owner working on
 * its own account GET says unavailable and POST is 403. POST passes the CSRF check like every other write.
 */
export function clockRoutes(options: { control: ClockControl | undefined; sessions: Sessions }) {
  const { control, sessions } = options;
  const app = new Hono<SessionEnv>();

  const allowed = async (c: Context<SessionEnv>): Promise<'yes' | 'anonymous' | 'no'> => {
    const session = await c.var.session();
    if (!session) return 'anonymous';
    const view = await sessions.view(session);
    if (!view.user) return 'anonymous';
    if (view.acting_for || !(await control?.mayControl(view.user.user_id))) return 'no';
    return 'yes';
  };

  app.get('/clock', async (c) => {
    if (!control || (await allowed(c)) !== 'yes') return c.json(UNAVAILABLE);
    return c.json({ available: true, ...(await control.read()) } satisfies ClockStatus);
  });

  app.post('/clock', async (c) => {
    if (!control) return c.json(errorBody('not_found', { message: 'There is no test clock here' }), 404);
    const who = await allowed(c);
    if (who === 'anonymous') return c.json(errorBody('not_identified_user'), 401);
    if (who === 'no') {
      return c.json(
        errorBody('forbidden', {
          message: 'only the application’s owner, working on its own account, moves the clock',
        }),
        403,
      );
    }
    const parsed = clockMoveSchema.safeParse(await readJsonBody(c, { maxBytes: MAX_JSON_BYTES }));
    if (!parsed.success) {
      return c.json(
        errorBody('bad_request', {
          message: 'the body must be {"advance": "15d"} (s, min, h, d, w, mo, y) or {"reset": true}',
        }),
        400,
      );
    }
    return c.json({ available: true, ...(await control.move(parsed.data)) } satisfies ClockStatus);
  });

  return app;
}
