import { errorBody, type SimulatorStatus, simulatorStartSchema } from '@mostrador/contracts';
import { readJsonBody } from '@mostrador/server-kit/http';
import { type Context, Hono } from 'hono';
import type { SessionEnv } from '../middleware/session.ts';
import type { Sessions } from '../session/sessions.ts';

/** Starts and stops the marketplace's change simulator (local use only). */
export interface SimulatorControl {
  status(): SimulatorStatus;
  start(rate: number): Promise<SimulatorStatus>;
  stop(): Promise<SimulatorStatus>;
  /**
   * Whether this user may run it: it changes every seller's orders in the process, so only the application's owner
   * (the integration's developer; the first demo seller in local use) does.
   */
  mayControl(userId: number): Promise<boolean>;
}

export interface SimulatorControlOptions {
  /** The application's owner, asked each time (see `SimulatorControl.mayControl`). */
  owner: () => Promise<number | null>;
  /** A run stops by itself after this long (30 minutes by default): one left on would fill the disk. */
  maxRunMs?: number;
}

/** One simulator for the process: `start` with a new rate restarts it at that rate. */
export function createSimulatorControl(
  run: (rate: number) => () => Promise<void>,
  options: SimulatorControlOptions,
): SimulatorControl {
  let running: { rate: number; stop: () => Promise<void>; timer: NodeJS.Timeout } | null = null;
  const status = (): SimulatorStatus => ({
    available: true,
    running: running !== null,
    rate: running?.rate ?? null,
  });
  const stop = async () => {
    const current = running;
    running = null;
    if (current) clearTimeout(current.timer);
    await current?.stop();
    return status();
  };
  return {
    status,
    async start(rate) {
      await stop();
      const timer = setTimeout(() => void stop(), options.maxRunMs ?? 30 * 60_000);
      timer.unref();
      running = { rate, stop: run(rate), timer };
      return status();
    },
    stop,
    async mayControl(userId) {
      return userId === (await options.owner());
    },
  };
}

const MAX_JSON_BYTES = 1024;

/**
 * `GET|POST|DELETE /bff/simulator` (decisions 0055, 0165): the app's Simulator control. Without a control (a remote
 * platform) GET says it is unavailable and the writes are 404. It is available to the application's owner working on
 * its own account: to anyone else GET says unavailable and the writes are 403. Writes pass the CSRF check like every
 * other write.
 */
export function simulatorRoutes(options: { control: SimulatorControl | undefined; sessions: Sessions }) {
  const { control, sessions } = options;
  const app = new Hono<SessionEnv>();
  const unavailable: SimulatorStatus = { available: false, running: false, rate: null };

  /** Signed in as the application's owner, not acting for another seller. */
  const allowed = async (c: Context<SessionEnv>): Promise<'yes' | 'anonymous' | 'no'> => {
    const session = await c.var.session();
    if (!session) return 'anonymous';
    const view = await sessions.view(session);
    if (!view.user) return 'anonymous';
    if (view.acting_for || !(await control?.mayControl(view.user.user_id))) return 'no';
    return 'yes';
  };
  const refuse = (c: Context, who: 'anonymous' | 'no') =>
    who === 'anonymous'
      ? c.json(errorBody('not_identified_user'), 401)
      : c.json(
          errorBody('forbidden', {
            message: 'only the application’s owner, working on its own account, runs the simulator',
          }),
          403,
        );

  app.get('/simulator', async (c) =>
    c.json(control && (await allowed(c)) === 'yes' ? control.status() : unavailable),
  );

  app.post('/simulator', async (c) => {
    if (!control) return c.json(errorBody('not_found', { message: 'There is no simulator here' }), 404);
    const who = await allowed(c);
    if (who !== 'yes') return refuse(c, who);
    const value = await readJsonBody(c, { maxBytes: MAX_JSON_BYTES });
    const parsed = simulatorStartSchema.safeParse(value);
    if (!parsed.success) {
      return c.json(
        errorBody('bad_request', { message: 'the body must be {"rate": <changes per second, at most 200>}' }),
        400,
      );
    }
    return c.json(await control.start(parsed.data.rate));
  });

  app.delete('/simulator', async (c) => {
    if (!control) return c.json(errorBody('not_found', { message: 'There is no simulator here' }), 404);
    const who = await allowed(c);
    if (who !== 'yes') return refuse(c, who);
    return c.json(await control.stop());
  });

  return app;
}
