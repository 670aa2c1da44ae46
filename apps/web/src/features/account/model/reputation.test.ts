import { describe, expect, it } from 'vitest';
import { buyerSummary, percentOf, ratingShares, sellerLevel, stackSegments } from './reputation.ts';

describe('sellerLevel', () => {
  it('reads the step and colour of the thermometer', () => {
    expect(sellerLevel('4_light_green')).toEqual({ step: 4, label: 'Light green' });
    expect(sellerLevel('1_red')).toEqual({ step: 1, label: 'Red' });
  });
  it('says so when there is no level', () => {
    expect(sellerLevel(null)).toEqual({ step: null, label: 'No level yet' });
    expect(sellerLevel('6_blue')).toEqual({ step: null, label: 'No level yet' });
  });
});

describe('stackSegments', () => {
  it('places segments one after another, widths in percent of the total', () => {
    const segments = stackSegments([
      { key: 'completed', value: 410 },
      { key: 'canceled', value: 112 },
    ]);
    expect(segments[0]).toMatchObject({ x: 0 });
    expect(segments[0]?.width).toBeCloseTo(78.544, 2);
    expect(segments[1]?.x).toBeCloseTo(78.544, 2);
    expect((segments[1]?.x ?? 0) + (segments[1]?.width ?? 0)).toBeCloseTo(100);
  });
  it('draws nothing for an empty total and ignores negative values', () => {
    expect(stackSegments([{ key: 'a', value: 0 }]).map((s) => s.width)).toEqual([0]);
    expect(
      stackSegments([
        { key: 'a', value: -3 },
        { key: 'b', value: 1 },
      ]).map((s) => s.width),
    ).toEqual([0, 100]);
  });
});

describe('ratingShares', () => {
  it('keeps shares as the platform gives them', () => {
    expect(ratingShares({ positive: 0.86, negative: 0.06, neutral: 0.07 })).toEqual([
      { kind: 'positive', share: 0.86, percent: 86 },
      { kind: 'neutral', share: 0.07, percent: 7 },
      { kind: 'negative', share: 0.06, percent: 6 },
    ]);
  });
  it('turns counts into shares of their sum', () => {
    const shares = ratingShares({ positive: 30, negative: 5, neutral: 5 });
    expect(shares?.map((s) => s.percent)).toEqual([75, 13, 13]);
    expect(shares?.[0]?.share).toBe(0.75);
  });
  it('is null without ratings', () => {
    expect(ratingShares({ positive: 0, negative: 0, neutral: 0 })).toBeNull();
  });
});

describe('buyerSummary', () => {
  it('reads nulls as a buyer with no history', () => {
    const summary = buyerSummary({
      canceled_transactions: 0,
      transactions: {
        period: 'historic',
        total: null,
        completed: null,
        canceled: { total: null, paid: null },
        unrated: { total: null, paid: null },
        not_yet_rated: { total: null, paid: null, units: null },
      },
      tags: [],
    });
    expect(summary).toMatchObject({ hasHistory: false, total: 0, completed: 0 });
  });
  it('counts purchases', () => {
    const summary = buyerSummary({
      canceled_transactions: 6,
      transactions: {
        period: 'historic',
        total: 24,
        completed: 3,
        canceled: { total: 6, paid: 2 },
        unrated: { total: 1, paid: 1 },
        not_yet_rated: { total: 0, paid: 0, units: 0 },
      },
      tags: [],
    });
    expect(summary).toEqual({
      hasHistory: true,
      total: 24,
      completed: 3,
      canceled: 6,
      canceledPaid: 2,
      unrated: 1,
      notYetRated: 0,
    });
    expect(percentOf(3, 24)).toBe(13);
    expect(percentOf(1, 0)).toBe(0);
  });
});
