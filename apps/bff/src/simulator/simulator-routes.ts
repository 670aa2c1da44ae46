import { errorBody, type SimulatorStatus, simulatorStartSchema } from '@mostrador/contracts';
import { readJsonBody } from '@mostrador/server-kit/http';
import { Hono } from 'hono';
import { activeUserOf, type SessionEnv } from '../middleware/session.ts';

/** Starts and stops the marketplace's change simulator (local use only). */
export interface SimulatorControl {
  status(): SimulatorStatus;
  start(rate: number): Promise<SimulatorStatus>;
  stop(): Promise<SimulatorStatus>;
}

/** One simulator for the process: `start` with a new rate restarts it at that rate. */
export function createSimulatorControl(run: (rate: number) => () => Promise<void>): SimulatorControl {
  let running: { rate: number; stop: () => Promise<void> } | null = null;
  const status = (): SimulatorStatus => ({
    available: true,
    running: running !== null,
    rate: running?.rate ?? null,
  });
  return {
    status,
    async start(rate) {
      if (running) await running.stop();
      running = { rate, stop: run(rate) };
      return status();
    },
    async stop() {
      const current = running;
      running = null;
      await current?.stop();
      return status();
    },
  };
}

const MAX_JSON_BYTES = 1024;

/**
 * `GET|POST|DELETE /bff/simulator` (decision 0055): the app's Simulator control. Without a control (a remote
 * platform) GET says it is unavailable and the writes are 404. Writes need a signed-in session and pass the CSRF
 * check like every other write.
 */
export function simulatorRoutes(options: { control: SimulatorControl | undefined }) {
  const { control } = options;
  const app = new Hono<SessionEnv>();
  const unavailable: SimulatorStatus = { available: false, running: false, rate: null };

  app.get('/simulator', (c) => c.json(control ? control.status() : unavailable));

  app.post('/simulator', async (c) => {
    if (!control) return c.json(errorBody('not_found', { message: 'There is no simulator here' }), 404);
    if ((await activeUserOf(c)) === null) return c.json(errorBody('not_identified_user'), 401);
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
    if ((await activeUserOf(c)) === null) return c.json(errorBody('not_identified_user'), 401);
    return c.json(await control.stop());
  });

  return app;
}
