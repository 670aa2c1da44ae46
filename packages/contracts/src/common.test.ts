import { describe, expect, it } from 'vitest';
import {
  currencyIdSchema,
  idNameSchema,
  isoDateTimeSchema,
  itemIdSchema,
  numericIdSchema,
  siteIdSchema,
  timestampSchema,
} from './common.ts';
import { pagingSchema } from './paging.ts';

describe('timestampSchema', () => {
  it.each(['2026-01-05T10:30:00.000-03:00', '2019-10-30T16:19:20.129Z', '2024-02-29T23:59:59.999+14:00'])(
    'accepts %s',
    (value) => {
      expect(timestampSchema.safeParse(value).success).toBe(true);
    },
  );

  it.each([
    ['no milliseconds', '2026-01-05T10:30:00-03:00'],
    ['no offset', '2026-01-05T10:30:00.000'],
    ['offset without colon', '2026-01-05T10:30:00.000-0300'],
    ['date only', '2026-01-05'],
    ['space separator', '2026-01-05 10:30:00.000Z'],
    ['month 13', '2026-13-05T10:30:00.000Z'],
    ['hour 24', '2026-01-05T24:00:00.000Z'],
    ['february 30', '2026-02-30T10:30:00.000Z'],
    ['29 February of a common year', '2025-02-29T10:30:00.000Z'],
    ['docs typo with spaces', '2016-02-24T15: 18: 42.000-04: 00'],
    ['epoch number as string', '1767619800000'],
  ])('rejects %s', (_label, value) => {
    expect(timestampSchema.safeParse(value).success).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(timestampSchema.safeParse(1767619800000).success).toBe(false);
  });
});

describe('isoDateTimeSchema', () => {
  it('accepts offsets and Z with or without milliseconds', () => {
    for (const value of [
      '2024-02-07T15:04:05Z',
      '2024-02-07T15:04:05.123-03:00',
      '2024-02-07T15:04:05+05:30',
    ]) {
      expect(isoDateTimeSchema.safeParse(value).success).toBe(true);
    }
  });

  it('rejects local times, partial fractions and impossible dates', () => {
    for (const value of [
      '2024-02-07T15:04:05',
      '2024-02-07T15:04:05.1Z',
      '2024-04-31T00:00:00Z',
      '2024-02-07',
    ]) {
      expect(isoDateTimeSchema.safeParse(value).success).toBe(false);
    }
  });
});

describe('ids', () => {
  it('site ids are 3 upper-case letters', () => {
    expect(siteIdSchema.safeParse('MLA').success).toBe(true);
    for (const bad of ['mla', 'ML', 'MLAB', 'ML1']) expect(siteIdSchema.safeParse(bad).success).toBe(false);
  });

  it('item ids are a site code followed by digits', () => {
    expect(itemIdSchema.safeParse('MLA922971037').success).toBe(true);
    for (const bad of ['922971037', 'MLA', 'MLA-922971037', 'mla922971037', 'MLA92297103X']) {
      expect(itemIdSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('currency ids are 3 upper-case letters', () => {
    expect(currencyIdSchema.safeParse('ARS').success).toBe(true);
    expect(currencyIdSchema.safeParse('ars').success).toBe(false);
    expect(currencyIdSchema.safeParse('AR').success).toBe(false);
  });

  it('numeric ids accept 16-digit order ids but not unsafe integers, zero or strings', () => {
    expect(numericIdSchema.safeParse(2000009713473608).success).toBe(true);
    expect(numericIdSchema.safeParse(2 ** 53).success).toBe(false);
    expect(numericIdSchema.safeParse(0).success).toBe(false);
    expect(numericIdSchema.safeParse(1.5).success).toBe(false);
    expect(numericIdSchema.safeParse('123').success).toBe(false);
  });

  it('idName requires both strings', () => {
    expect(idNameSchema.parse({ id: 'AR', name: 'Argentina', extra: 1 })).toEqual({
      id: 'AR',
      name: 'Argentina',
    });
    expect(idNameSchema.safeParse({ id: 1, name: 'Argentina' }).success).toBe(false);
  });
});

describe('pagingSchema', () => {
  it('accepts non-negative integers', () => {
    expect(pagingSchema.parse({ total: 0, offset: 0, limit: 50 })).toEqual({
      total: 0,
      offset: 0,
      limit: 50,
    });
  });

  it('rejects negatives, fractions, strings and missing members', () => {
    expect(pagingSchema.safeParse({ total: -1, offset: 0, limit: 50 }).success).toBe(false);
    expect(pagingSchema.safeParse({ total: 1, offset: 0.5, limit: 50 }).success).toBe(false);
    expect(pagingSchema.safeParse({ total: 1, offset: 0, limit: '50' }).success).toBe(false);
    expect(pagingSchema.safeParse({ total: 1, offset: 0 }).success).toBe(false);
  });
});
