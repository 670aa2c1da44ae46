import type { OrderParty, PartialOrder } from '@mostrador/contracts';
import { describe, expect, it } from 'vitest';
import { feedbackBody, feedbackSides } from './feedback.ts';
import { conversionTargets } from './money.ts';
import { isParty, isSellerOf, partyContact } from './order-parties.ts';

const party = (over: Partial<OrderParty>): OrderParty =>
  ({ id: '100008826', nickname: 'TIENDA', ...over }) as OrderParty;

describe('order parties', () => {
  it('knows a withheld party from a named one, and the seller by id', () => {
    expect(isParty({} as PartialOrder['buyer'])).toBe(false);
    expect(isParty(party({}))).toBe(true);
    expect(isSellerOf({ seller: party({ id: '100008826' }) }, 100008826)).toBe(true);
    expect(isSellerOf({ seller: party({ id: '100008826' }) }, 7)).toBe(false);
    expect(isSellerOf({ seller: {} as PartialOrder['seller'] }, 100008826)).toBe(false);
  });

  it('writes the name and the phone with its area code, or nothing when withheld', () => {
    expect(
      partyContact(
        party({
          first_name: 'Ana',
          last_name: 'Gómez',
          phone: { area_code: '011', number: '4444-5555' } as never,
        }),
      ),
    ).toEqual({ name: 'Ana Gómez', phone: '(011) 4444-5555' });
    expect(partyContact(party({ phone: { area_code: null, number: '4444' } as never }))).toEqual({
      name: null,
      phone: '4444',
    });
    expect(partyContact(party({}))).toEqual({ name: null, phone: null });
  });
});

const given = {
  id: 9,
  date_created: '2026-11-01T10:00:00.000-03:00',
  fulfilled: true,
  rating: 'positive',
  reason: null,
  message: 'ok',
  status: 'active',
  reply: null,
  reply_date: null,
};

describe('feedbackSides', () => {
  it('reads mine and theirs from where the account stands', () => {
    const order = { feedback: { sale: null, purchase: given } } as unknown as PartialOrder;
    expect(feedbackSides(order, true)).toMatchObject({ mine: null, theirs: { id: 9 } });
    expect(feedbackSides(order, false)).toMatchObject({ mine: { id: 9 }, theirs: null });
  });

  it('is null when the answer could not include feedback', () => {
    expect(feedbackSides({ feedback: {} } as PartialOrder, true)).toBeNull();
  });
});

describe('feedbackBody', () => {
  it('sends a message only when there is one and no reason for a fulfilled order', () => {
    expect(
      feedbackBody({ fulfilled: true, rating: 'positive', reason: 'BUYER_REGRETS', message: '  ' }, true),
    ).toEqual({
      fulfilled: true,
      rating: 'positive',
    });
  });

  it('gives the side’s first reason for an order not fulfilled unless one was chosen', () => {
    expect(
      feedbackBody({ fulfilled: false, rating: 'neutral', reason: '', message: ' late ' }, true),
    ).toEqual({
      fulfilled: false,
      rating: 'neutral',
      message: 'late',
      reason: 'OUT_OF_STOCK',
    });
    expect(
      feedbackBody({ fulfilled: false, rating: 'negative', reason: 'BUYER_REGRETS', message: '' }, true)
        .reason,
    ).toBe('BUYER_REGRETS');
  });
});

describe('conversionTargets', () => {
  it('offers every listed currency but the total’s own', () => {
    expect(conversionTargets([{ id: 'ARS' }, { id: 'USD' }, { id: 'BRL' }], 'ARS')).toEqual(['USD', 'BRL']);
  });
  it('offers the usual ones until the list is there', () => {
    const targets = conversionTargets(undefined, 'USD');
    expect(targets).toContain('ARS');
    expect(targets).not.toContain('USD');
  });
});
