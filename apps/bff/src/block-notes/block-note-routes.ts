import {
  BLOCK_NOTES_MAX,
  type BlockList,
  blockAuditQuerySchema,
  blockListSchema,
  blockNotesQuerySchema,
  blockNoteWriteSchema,
  errorBody,
  exactId,
} from '@mostrador/contracts';
import { readJsonBody } from '@mostrador/server-kit/http';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { invalidInput } from '../invalid-input.ts';
import { apiRequest, type FetchApp } from '../marketplace.ts';
import type { SessionEnv } from '../middleware/session.ts';
import { accountActor, membershipEnded } from '../session/account-actor.ts';
import type { Sessions } from '../session/sessions.ts';
import { type BlockNoteRepository, BlockNoteUnreadable } from './block-note-repository.ts';

export interface BlockNoteOptions {
  sessions: Sessions;
  repo: BlockNoteRepository;
  /** Asked whether the buyer a note is about exists. */
  marketplace: FetchApp;
  timeoutMs: number;
  now: () => number;
  /** Told of a stored note the store's keys do not open (never its text). */
  onUnreadable?: (where: { seller_id: number; buyer_id: number; list: BlockList }) => void;
}

const MAX_JSON_BYTES = 4 * 1024;

/**
 * Null when the marketplace knows the buyer (read with the session's token, as the dashboard reads it); else the
 * answer that refuses the note: 404 for a user that does not exist, the session's own 401, 503 when the marketplace
 * could not tell.
 */
async function unknownBuyer(
  c: Context<SessionEnv>,
  options: BlockNoteOptions,
  buyerId: number,
): Promise<Response | null> {
  const session = await c.var.session();
  const token = session ? await options.sessions.accessToken(session) : null;
  if (token === 'expired') return c.json(errorBody('session_expired'), 401);
  if (token === null) return c.json(errorBody('not_identified_user'), 401);
  let status: number;
  try {
    const res = await options.marketplace.fetch(
      apiRequest(`/users/${buyerId}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      }),
    );
    status = res.status;
    await res.body?.cancel();
  } catch {
    status = 503;
  }
  if (status === 200 || status === 206) return null;
  if (status === 404) {
    return c.json(
      errorBody('not_found', {
        message: `The marketplace has no user ${buyerId}.`,
        cause: [{ buyer_id: buyerId, reason: 'no_such_user' }],
      }),
      404,
    );
  }
  return c.json(
    errorBody('service_unavailable', { message: 'The marketplace could not tell whether the buyer exists.' }),
    503,
  );
}

/** The account whose notes and trail these are, or the refusal to answer. */
async function actorOf(c: Context<SessionEnv>, options: BlockNoteOptions) {
  const actor = await accountActor(c, options.sessions, 'blocklists.manage');
  if (!actor) {
    return c.json(
      errorBody('not_identified_user', { message: 'Sign in to read or write block notes.' }),
      401,
    );
  }
  if (actor.ended) return membershipEnded(c, actor.ended);
  if (!actor.allowed) {
    return c.json(
      errorBody('operator_permission_denied', {
        message: 'Blocked buyers of this seller need the blocklists.manage permission.',
        cause: ['blocklists.manage'],
      }),
      403,
    );
  }
  return actor;
}

/**
 * `/bff/block-notes` and `/bff/block-audit` (decisions 0071, 0163): a seller's notes about the buyers they blocked,
 * and the trail of blocks made through the BFF. The session decides whose: the seller it acts for (an operator with
 * `blocklists.manage`, who signs what it writes), else the signed-in account's own.
 */
export function blockNoteRoutes(options: BlockNoteOptions) {
  const { repo } = options;
  const app = new Hono<SessionEnv>();

  app.get('/block-notes', async (c) => {
    const actor = await actorOf(c, options);
    if (actor instanceof Response) return actor;
    const query = blockNotesQuerySchema.safeParse(c.req.query());
    if (!query.success) return invalidInput(c, query.error);
    try {
      const notes = await repo.notesFor(actor.accountId, query.data.list, query.data.buyer_ids);
      return c.json({ notes });
    } catch (error) {
      if (!(error instanceof BlockNoteUnreadable)) throw error;
      // Sealed for another row, or damaged: refused as a whole rather than shown beside notes that did open.
      options.onUnreadable?.({ seller_id: error.sellerId, buyer_id: error.buyerId, list: error.list });
      return c.json(
        errorBody('internal_error', {
          message: `The note about buyer ${error.buyerId} could not be opened with this store's keys; it is not shown.`,
          cause: [{ buyer_id: error.buyerId, list: error.list, reason: 'note_unreadable' }],
        }),
        500,
      );
    }
  });

  app.put('/block-notes/:list/:buyer_id', async (c) => {
    const actor = await actorOf(c, options);
    if (actor instanceof Response) return actor;
    const list = blockListSchema.safeParse(c.req.param('list'));
    if (!list.success) return c.json(errorBody('not_found', { message: 'No such blocklist' }), 404);
    const buyer = exactId(c.req.param('buyer_id'));
    if (buyer === null) {
      return c.json(errorBody('bad_request', { message: 'buyer_id must be a user id' }), 400);
    }
    if (buyer === actor.accountId) {
      return c.json(
        errorBody('bad_request', {
          message: 'A seller cannot block themselves',
          cause: ['cannot_block_yourself'],
        }),
        400,
      );
    }
    const value = await readJsonBody(c, { maxBytes: MAX_JSON_BYTES });
    const body = blockNoteWriteSchema.safeParse(value);
    if (!body.success) return invalidInput(c, body.error);
    const refused = await unknownBuyer(c, options, buyer);
    if (refused) return refused;
    const note = await repo.saveNote({
      sellerId: actor.accountId,
      buyerId: buyer,
      list: list.data,
      reason: body.data.reason,
      note: body.data.note,
      actor: actor.author,
      at: options.now(),
      max: BLOCK_NOTES_MAX,
    });
    if (!note) {
      return c.json(
        errorBody('conflict', {
          message: `An account keeps at most ${BLOCK_NOTES_MAX} block notes.`,
          cause: ['block_notes_full'],
        }),
        409,
      );
    }
    return c.json(note);
  });

  app.get('/block-audit', async (c) => {
    const actor = await actorOf(c, options);
    if (actor instanceof Response) return actor;
    const query = blockAuditQuerySchema.safeParse(c.req.query());
    if (!query.success) return invalidInput(c, query.error);
    const { list, buyer_id, offset, limit } = query.data;
    const page = await repo.audit(actor.accountId, {
      ...(list ? { list } : {}),
      ...(buyer_id ? { buyerId: buyer_id } : {}),
      offset,
      limit,
    });
    return c.json({ entries: page.entries, paging: { total: page.total, offset, limit } });
  });

  return app;
}

const BLOCK_WRITE = /^\/api\/users\/([1-9]\d{0,15})\/(order|questions)_blacklist(?:\/([1-9]\d{0,15}))?$/;

/**
 * Records each block and unblock a signed-in browser makes through `/api` (from any screen: the blocked-buyers
 * workspace, an order's detail…) once the marketplace has accepted it. The audit row is written before the answer
 * goes back, so an acknowledged block is never missing from the trail.
 */
export function blockAudit(options: BlockNoteOptions): MiddlewareHandler<SessionEnv> {
  async function record(c: Context<SessionEnv>, method: string, match: RegExpExecArray) {
    // The marketplace accepted the block: whoever made it is recorded, on the seller the path names.
    const actor = await accountActor(c, options.sessions, 'blocklists.manage');
    if (!actor) return;
    let buyerId: number | undefined;
    try {
      const body = (await c.res.clone().json()) as { user?: { id?: unknown } };
      if (typeof body.user?.id === 'number') buyerId = body.user.id;
    } catch {
      return;
    }
    if (buyerId === undefined) return;
    // `DELETE /users/{customer_id}/order_blacklist/{seller_id}`, the spec's order (decision 0275): the buyer the
    // marketplace answered is the first id, so the seller is the second.
    const sellerId =
      Number(match[1]) === buyerId && match[3] !== undefined ? Number(match[3]) : Number(match[1]);
    await options.repo.recordAudit({
      seller_id: sellerId,
      buyer_id: buyerId,
      list: match[2] as 'order' | 'questions',
      action: method === 'POST' ? 'blocked' : 'unblocked',
      actor_id: actor.author.user_id,
      actor_nickname: actor.author.nickname,
      at: options.now(),
    });
  }

  return async (c, next) => {
    await next();
    const method = c.req.method;
    if ((method !== 'POST' && method !== 'DELETE') || c.res.status !== 200) return;
    const match = BLOCK_WRITE.exec(c.req.path);
    if (!match || (method === 'POST') === (match[3] !== undefined)) return;
    await record(c, method, match);
  };
}
