import { errorBody, languageChoiceSchema } from '@mostrador/contracts';
import { readJsonBody } from '@mostrador/server-kit/http';
import { Hono } from 'hono';
import type { SessionEnv } from '../middleware/session.ts';
import { publicOrigin } from '../session/session-cookie.ts';
import type { Sessions } from '../session/sessions.ts';
import type { Languages } from './languages.ts';

export interface PreferenceRoutesOptions {
  sessions: Sessions;
  languages: Languages;
  origins: readonly string[];
}

const MAX_JSON_BYTES = 1024;

/** `/bff/preferences/*`: what a user chose for the dashboard, signed in or not (decision 0170). */
export function preferenceRoutes(options: PreferenceRoutesOptions) {
  const { sessions, languages } = options;
  const app = new Hono<SessionEnv>();

  // Answers the session as `GET /bff/session` would now, so the dashboard switches at once.
  app.put('/preferences/language', async (c) => {
    const parsed = languageChoiceSchema.safeParse(await readJsonBody(c, { maxBytes: MAX_JSON_BYTES }));
    if (!parsed.success) {
      return c.json(
        errorBody('bad_request', { message: 'the body must be {"language": "es" | "pt-BR" | "en"}' }),
        400,
      );
    }
    const session = await c.var.session();
    await languages.choose(c, session, parsed.data.language, publicOrigin(c, options.origins));
    const view = await sessions.view(session);
    return c.json({ ...view, language: parsed.data.language });
  });

  return app;
}
