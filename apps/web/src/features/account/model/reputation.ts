import type { BuyerReputation, SellerReputation } from '@mostrador/contracts';
import { translate, withLabels } from '../../../lib/i18n/i18n.ts';

/** The platform's five-step seller thermometer, worst first (`level_id` is `"4_light_green"`). */
export const SELLER_LEVELS = withLabels([
  { id: '1_red', label: 'account.reputation.red' },
  { id: '2_orange', label: 'account.reputation.orange' },
  { id: '3_yellow', label: 'account.reputation.yellow' },
  { id: '4_light_green', label: 'account.reputation.lightGreen' },
  { id: '5_green', label: 'account.reputation.green' },
] as const);

export interface SellerLevel {
  /** 1–5, or null when the seller has no level yet. */
  step: number | null;
  label: string;
}

export function sellerLevel(levelId: string | null): SellerLevel {
  const index = SELLER_LEVELS.findIndex((level) => level.id === levelId);
  const level = SELLER_LEVELS[index];
  return level
    ? { step: index + 1, label: level.label }
    : { step: null, label: translate('account.reputation.noLevelYet') };
}

export interface Segment {
  key: string;
  value: number;
  /** Where the segment starts and how wide it is, in percent of the bar (0–100). */
  x: number;
  width: number;
}

/** Consecutive segments of a 100% stacked bar; all zero widths when the values add up to nothing. */
export function stackSegments(values: readonly { key: string; value: number }[]): Segment[] {
  const total = values.reduce((sum, entry) => sum + Math.max(0, entry.value), 0);
  let x = 0;
  return values.map(({ key, value }) => {
    const width = total === 0 ? 0 : (Math.max(0, value) / total) * 100;
    const segment = { key, value, x, width };
    x += width;
    return segment;
  });
}

export type RatingKind = 'positive' | 'neutral' | 'negative';

export interface RatingShare {
  kind: RatingKind;
  /** 0–1. */
  share: number;
  /** Rounded for display, e.g. 86. */
  percent: number;
}

/**
 * The seller's ratings as shares. The platform reports either shares (0.86, 0.07, 0.06, which need not add up to
 * one) or counts; counts are turned into shares of their sum. Null when there is nothing to show.
 */
export function ratingShares(ratings: SellerReputation['transactions']['ratings']): RatingShare[] | null {
  const kinds: RatingKind[] = ['positive', 'neutral', 'negative'];
  const sum = kinds.reduce((total, kind) => total + ratings[kind], 0);
  if (sum === 0) return null;
  const areShares = kinds.every((kind) => ratings[kind] <= 1) && sum <= 1.0001;
  return kinds.map((kind) => {
    const share = areShares ? ratings[kind] : ratings[kind] / sum;
    return { kind, share, percent: Math.round(share * 100) };
  });
}

export interface BuyerSummary {
  /** False for a buyer with no history (the platform sends nulls). */
  hasHistory: boolean;
  total: number;
  completed: number;
  canceled: number;
  canceledPaid: number;
  unrated: number;
  notYetRated: number;
}

export function buyerSummary(reputation: BuyerReputation): BuyerSummary {
  const t = reputation.transactions;
  return {
    hasHistory: t.total !== null,
    total: t.total ?? 0,
    completed: t.completed ?? 0,
    canceled: t.canceled.total ?? 0,
    canceledPaid: t.canceled.paid ?? 0,
    unrated: t.unrated.total ?? 0,
    notYetRated: t.not_yet_rated.total ?? 0,
  };
}

/** Whole percent of a part, "—" style callers handle the empty total. */
export function percentOf(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 100);
}
