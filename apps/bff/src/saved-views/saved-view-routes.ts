import {
  errorBody,
  SAVED_VIEWS_MAX,
  savedViewImportSchema,
  savedViewWriteSchema,
} from '@mostrador/contracts';
import { readJsonBody } from '@mostrador/server-kit/http';
import { type Context, Hono } from 'hono';
import { invalidInput } from '../invalid-input.ts';
import type { SessionEnv } from '../middleware/session.ts';
import { accountActor, membershipEnded } from '../session/account-actor.ts';
import type { Sessions } from '../session/sessions.ts';
import type { SavedViewRepository } from './saved-view-repository.ts';

export interface SavedViewOptions {
  sessions: Sessions;
  repo: SavedViewRepository;
  now: () => number;
}

const MAX_JSON_BYTES = 8 * 1024;
const MAX_IMPORT_BYTES = 64 * 1024;
const VIEW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `/bff/saved-views` (decision 0193): the order list's saved views of the account the session works on (the seller
 * an operator acts for, with `orders.read`; else the signed-in account's own), shared by everyone working on it.
 */
export function savedViewRoutes(options: SavedViewOptions) {
  const { repo } = options;
  const app = new Hono<SessionEnv>();

  const actorOf = async (c: Context<SessionEnv>) => {
    const actor = await accountActor(c, options.sessions, 'orders.read');
    if (!actor) {
      return c.json(errorBody('not_identified_user', { message: 'Sign in to use saved views.' }), 401);
    }
    if (actor.ended) return membershipEnded(c, actor.ended);
    if (!actor.allowed) {
      return c.json(
        errorBody('operator_permission_denied', {
          message: 'Saved views of this seller need the orders.read permission.',
          cause: ['orders.read'],
        }),
        403,
      );
    }
    return actor;
  };

  app.get('/saved-views', async (c) => {
    const actor = await actorOf(c);
    if (actor instanceof Response) return actor;
    return c.json({ views: await repo.views(actor.accountId) });
  });

  app.post('/saved-views', async (c) => {
    const actor = await actorOf(c);
    if (actor instanceof Response) return actor;
    const body = savedViewWriteSchema.safeParse(await readJsonBody(c, { maxBytes: MAX_JSON_BYTES }));
    if (!body.success) return invalidInput(c, body.error);
    const saved = await repo.save({
      accountId: actor.accountId,
      view: body.data,
      actor: actor.author,
      at: options.now(),
      max: SAVED_VIEWS_MAX,
    });
    if (!saved) {
      return c.json(
        errorBody('conflict', {
          message: `An account keeps at most ${SAVED_VIEWS_MAX} saved views; delete one first.`,
          cause: ['saved_views_full'],
        }),
        409,
      );
    }
    return c.json(saved.view, saved.created ? 201 : 200);
  });

  app.post('/saved-views/import', async (c) => {
    const actor = await actorOf(c);
    if (actor instanceof Response) return actor;
    const body = savedViewImportSchema.safeParse(await readJsonBody(c, { maxBytes: MAX_IMPORT_BYTES }));
    if (!body.success) return invalidInput(c, body.error);
    const views = await repo.importViews({
      accountId: actor.accountId,
      views: body.data.views,
      actor: actor.author,
      at: options.now(),
      max: SAVED_VIEWS_MAX,
    });
    return c.json({ views });
  });

  app.delete('/saved-views/:id', async (c) => {
    const actor = await actorOf(c);
    if (actor instanceof Response) return actor;
    const id = c.req.param('id');
    if (!VIEW_ID.test(id) || !(await repo.remove(actor.accountId, id))) {
      return c.json(errorBody('not_found', { message: 'No such saved view' }), 404);
    }
    return c.body(null, 204);
  });

  return app;
}
