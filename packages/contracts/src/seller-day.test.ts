import { describe, expect, it } from 'vitest';
import { DELIVERY_CASES } from './delivery.ts';
import { chargebackCostsSeller, insightsQuerySchema } from './seller-day.ts';

describe("the seller's day contract", () => {
  it('takes a preset, a custom range of at most 366 days, or nothing', () => {
    for (const query of [
      {},
      { days: '7' },
      { days: '30' },
      { days: '90' },
      { from: '2026-01-01', to: '2026-01-01' },
      { from: '2024-01-01', to: '2024-12-31' },
      { from: '2026-02-28', to: '2027-02-28' },
    ]) {
      expect(insightsQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(true);
    }
  });

  it('refuses what is not a period, naming the parameter', () => {
    const refused = (query: Record<string, string>) => {
      const result = insightsQuerySchema.safeParse(query);
      expect(result.success, JSON.stringify(query)).toBe(false);
      return result.error?.issues[0]?.path.join('.');
    };
    expect(refused({ days: '14' })).toBe('days');
    expect(refused({ days: '7', from: '2026-01-01', to: '2026-01-02' })).toBe('days');
    expect(refused({ from: '2026-02-30', to: '2026-03-01' })).toBe('from');
    expect(refused({ from: '01/02/2026', to: '2026-03-01' })).toBe('from');
    expect(refused({ from: '2026-03-01', to: '2026-02-01' })).toBe('to');
    expect(refused({ from: '2025-01-01', to: '2026-01-02' })).toBe('to');
    expect(refused({ to: '2026-01-02' })).toBe('from');
    expect(refused({ range: 'week' })).toBe('');
  });

  it("puts at risk only the row of spec 1's table where a chargeback makes the seller refund", () => {
    expect(DELIVERY_CASES.filter(chargebackCostsSeller)).toEqual(['own_without_evidence']);
  });
});
