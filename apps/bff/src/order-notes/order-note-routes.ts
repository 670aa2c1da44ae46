import {
  errorBody,
  errorBodySchema,
  exactId,
  ORDER_NOTES_MAX,
  orderNotesQuerySchema,
  orderNoteWriteSchema,
} from '@mostrador/contracts';
import { readJsonBody } from '@mostrador/server-kit/http';
import { type Context, Hono } from 'hono';
import { invalidInput } from '../invalid-input.ts';
import { apiRequest, type FetchApp } from '../marketplace.ts';
import type { SessionEnv } from '../middleware/session.ts';
import type { Sessions } from '../session/sessions.ts';
import type { NoteAuthor, OrderNoteRepository } from './order-note-repository.ts';

export interface OrderNoteOptions {
  sessions: Sessions;
  repo: OrderNoteRepository;
  marketplace: FetchApp;
  now: () => number;
  timeoutMs: number;
}

const MAX_JSON_BYTES = 8 * 1024;

type Access =
  | { ok: true; sellerId: number; orderId: number; author: NoteAuthor }
  | { ok: false; status: 400 | 401 | 403 | 404 | 503; body: ReturnType<typeof errorBody> };

/**
 * Whose notes these are, and whether the caller may see them: the platform reads the order with the session's
 * token (so a stranger, and an operator without `orders.read`, get the platform's own refusal), and the order must
 * be the working account's sale — the seller's, or the seller's a team member acts for (decision 0103). The buyer
 * of the order reads it too, but its seller's internal notes are not theirs: 404.
 */
async function accessTo(c: Context<SessionEnv>, options: OrderNoteOptions, rawId: string): Promise<Access> {
  const session = await c.var.session();
  const view = session ? await options.sessions.view(session) : null;
  if (!session || !view?.user) {
    return {
      ok: false,
      status: 401,
      body: errorBody('not_identified_user', { message: 'Sign in to read order notes.' }),
    };
  }
  const orderId = exactId(rawId);
  if (orderId === null) {
    return {
      ok: false,
      status: 400,
      body: errorBody('bad_request', { message: 'order_id must be an order id' }),
    };
  }
  const token = await options.sessions.accessToken(session);
  if (token === 'expired') return { ok: false, status: 401, body: errorBody('session_expired') };
  if (token === null) return { ok: false, status: 401, body: errorBody('not_identified_user') };
  let res: Response;
  try {
    res = await options.marketplace.fetch(
      apiRequest(`/orders/${orderId}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'x-format-new': 'true' },
        signal: AbortSignal.timeout(options.timeoutMs),
      }),
    );
  } catch {
    return {
      ok: false,
      status: 503,
      body: errorBody('service_unavailable', { message: 'The marketplace did not answer.' }),
    };
  }
  if (res.status !== 200 && res.status !== 206) {
    const refusal = errorBodySchema.safeParse(await res.json().catch(() => null));
    const status = res.status === 401 || res.status === 403 || res.status === 404 ? res.status : 503;
    return {
      ok: false,
      status,
      body:
        refusal.success && status !== 503
          ? refusal.data
          : errorBody('service_unavailable', { message: 'The marketplace could not read the order.' }),
    };
  }
  const order = (await res.json()) as { seller?: { id?: unknown } };
  const sellerId = Number(order.seller?.id);
  const working = view.acting_for ? Number(view.acting_for.user_id) : view.user.user_id;
  if (sellerId !== working) {
    return {
      ok: false,
      status: 404,
      body: errorBody('not_found', { message: 'No notes for this order here.' }),
    };
  }
  return {
    ok: true,
    sellerId,
    orderId,
    author: { user_id: view.user.user_id, nickname: view.user.nickname },
  };
}

/**
 * `GET|POST /bff/orders/{order_id}/notes` (decisions 0181, 0257): the notes the seller's team keeps on one of its
 * orders, each with its author and time, read a page at a time, newest first, at most `ORDER_NOTES_MAX` per order. The seller and the operators acting for it read and write the same notes.
 */
export function orderNoteRoutes(options: OrderNoteOptions) {
  const app = new Hono<SessionEnv>();

  app.get('/orders/:order_id/notes', async (c) => {
    const query = orderNotesQuerySchema.safeParse(c.req.query());
    if (!query.success) return invalidInput(c, query.error);
    const access = await accessTo(c, options, c.req.param('order_id'));
    if (!access.ok) return c.json(access.body, access.status);
    const page = await options.repo.notesOf(access.sellerId, access.orderId, query.data);
    return c.json({ notes: page.notes, next_before: page.next });
  });

  app.post('/orders/:order_id/notes', async (c) => {
    const access = await accessTo(c, options, c.req.param('order_id'));
    if (!access.ok) return c.json(access.body, access.status);
    const parsed = orderNoteWriteSchema.safeParse(await readJsonBody(c, { maxBytes: MAX_JSON_BYTES }));
    if (!parsed.success) return invalidInput(c, parsed.error);
    const note = await options.repo.add({
      sellerId: access.sellerId,
      orderId: access.orderId,
      text: parsed.data.text,
      author: access.author,
      at: options.now(),
      max: ORDER_NOTES_MAX,
    });
    if (!note) {
      return c.json(
        errorBody('conflict', {
          message: `An order keeps at most ${ORDER_NOTES_MAX} notes.`,
          cause: ['order_notes_full'],
        }),
        409,
      );
    }
    return c.json(note, 201);
  });

  return app;
}
