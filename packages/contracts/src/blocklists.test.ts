import { describe, expect, it } from 'vitest';
import {
  blockedUserSchema,
  blocklistSchema,
  blockRequestSchema,
  blockSearchPageSchema,
  blockSearchParamsSchema,
} from './blocklists.ts';
import { issuePaths, readRealFixture, realFixtureNames } from './real-fixture.ts';

describe('blockSearchPageSchema', () => {
  it.each(realFixtureNames('block_api_search'))('parses block_api_search/%s', (name) => {
    const page = blockSearchPageSchema.parse(readRealFixture(`block_api_search/${name}`));
    expect(page.paging.total).toBe(page.users.length);
  });

  it('keeps the block time as recorded, without milliseconds', () => {
    const page = blockSearchPageSchema.parse(
      readRealFixture('block_api_search/ralvarezdev-mercadolibre-go-sdk-1.json'),
    );
    expect(page.users).toEqual([{ id: 123456, blocked_at: '2024-02-07T15:04:05Z' }]);
  });

  it('rejects string ids and non-date blocked_at', () => {
    expect(blockedUserSchema.safeParse({ id: '123456', blocked_at: '2024-02-07T15:04:05Z' }).success).toBe(
      false,
    );
    expect(blockedUserSchema.safeParse({ id: 123456, blocked_at: 'yesterday' }).success).toBe(false);
    expect(blockedUserSchema.safeParse({ id: 123456, blocked_at: '2024-02-07 15:04:05' }).success).toBe(
      false,
    );
  });
});

describe('blocklistSchema (order_blacklist, questions_blacklist)', () => {
  it('parses the platform array of {user: {id, blocked}}', () => {
    expect(
      blocklistSchema.parse([{ user: { id: 6427433, blocked: true } }, { user: { id: 1, blocked: true } }]),
    ).toHaveLength(2);
    expect(blocklistSchema.parse([])).toEqual([]);
  });

  it('rejects the block-search shape and string ids', () => {
    expect(blocklistSchema.safeParse({ users: [], paging: { total: 0, offset: 0, limit: 10 } }).success).toBe(
      false,
    );
    expect(issuePaths(blocklistSchema.safeParse([{ user: { id: '6427433', blocked: 'true' } }]))).toEqual([
      '0.user.id',
      '0.user.blocked',
    ]);
  });
});

describe('blockRequestSchema', () => {
  it('accepts {user_id: positive integer}', () => {
    expect(blockRequestSchema.parse({ user_id: 6427433 })).toEqual({ user_id: 6427433 });
  });

  it.each([
    { user_id: '6427433' },
    { user_id: 0 },
    { user_id: -5 },
    { user_id: 1.5 },
    {},
    { user_id: 1, reason: 'spam' },
  ])('rejects %j', (body) => {
    expect(blockRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('blockSearchParamsSchema', () => {
  it('applies defaults 0 and 10', () => {
    expect(blockSearchParamsSchema.parse({ type: 'blocked_by_order', 'caller.id': '123' })).toEqual({
      type: 'blocked_by_order',
      'caller.id': '123',
      offset: 0,
      limit: 10,
    });
  });

  it('accepts limit 1000 and rejects 1001, unknown types, a missing caller.id and unknown keys', () => {
    const base = { type: 'blocked_by_questions', 'caller.id': '123' };
    expect(blockSearchParamsSchema.parse({ ...base, limit: '1000', user_blocked: '42' })).toMatchObject({
      limit: 1000,
      user_blocked: 42,
    });
    expect(issuePaths(blockSearchParamsSchema.safeParse({ ...base, limit: '1001' }))).toEqual(['limit']);
    expect(issuePaths(blockSearchParamsSchema.safeParse({ ...base, type: 'blocked' }))).toEqual(['type']);
    expect(issuePaths(blockSearchParamsSchema.safeParse({ type: 'blocked_by_order' }))).toEqual([
      'caller.id',
    ]);
    expect(blockSearchParamsSchema.safeParse({ ...base, sort: 'x' }).success).toBe(false);
  });
});
