// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInEnglish } from '../../../test-support/render.tsx';
import { LiveRegionProvider } from '../../../ui/live-region.tsx';
import { ListingPayload } from './listing-payload.tsx';

afterEach(cleanup);

const AR = { id: 'AR', name: 'Argentina' };
const CAPITAL = { id: 'TUxBUENBUGw3M2E1', name: 'Capital Federal' };

const show = (choice: Parameters<typeof ListingPayload>[0]['choice']) =>
  renderInEnglish(
    <LiveRegionProvider>
      <ListingPayload choice={choice} />
    </LiveRegionProvider>,
  );

describe('ListingPayload (the publishing rule of spec 2.12 through listingLocationFor)', () => {
  it('carries the neighborhood alone when one is chosen, never the state', () => {
    show({
      country: AR,
      state: CAPITAL,
      city: { id: 'TUxBQ0NBUGZlZG1sYQ', name: 'Capital Federal', hasNeighborhoods: true },
      neighborhood: { id: 'TUxBQlBBTDI1MTVa', name: 'Palermo' },
    });
    const payload = JSON.parse(screen.getByTestId('listing-payload').textContent ?? '');
    expect(payload).toEqual({ location: { neighborhood: { id: 'TUxBQlBBTDI1MTVa' } } });
    expect(screen.getByRole('button', { name: /Copy/ })).toBeTruthy();
  });

  it('carries the city when it has no neighborhoods', () => {
    show({
      country: { id: 'UY', name: 'Uruguay' },
      state: { id: 'UY-RO', name: 'Rocha' },
      city: { id: 'TUxVQ0NBQmFlZjNk', name: 'Cabo Polonio', hasNeighborhoods: false },
    });
    expect(JSON.parse(screen.getByTestId('listing-payload').textContent ?? '')).toEqual({
      location: { city: { id: 'TUxVQ0NBQmFlZjNk' } },
    });
    expect(screen.getByText('Cabo Polonio has no neighborhoods, so the city itself is used.')).toBeTruthy();
  });

  it('refuses a city with neighborhoods, a state alone, and a country alone, with nothing to copy', () => {
    const { rerender } = show({
      country: AR,
      state: CAPITAL,
      city: { id: 'c', name: 'Capital Federal', hasNeighborhoods: true },
    });
    expect(screen.getByTestId('listing-payload-refusal').textContent).toContain(
      'Choose a neighborhood of Capital Federal',
    );
    expect(screen.queryByRole('button', { name: /Copy/ })).toBeNull();
    rerender(
      <LiveRegionProvider>
        <ListingPayload choice={{ country: AR, state: CAPITAL }} />
      </LiveRegionProvider>,
    );
    expect(screen.getByTestId('listing-payload-refusal').textContent).toBe(
      'Choose a city of Capital Federal: a state alone cannot be used to publish.',
    );
    expect(screen.queryByTestId('listing-payload')).toBeNull();
    rerender(
      <LiveRegionProvider>
        <ListingPayload choice={{ country: AR }} />
      </LiveRegionProvider>,
    );
    expect(screen.getByTestId('listing-payload-refusal').textContent).toBe(
      'Choose a city or a neighborhood.',
    );
  });

  it('warns of nothing before a place is chosen: it says what will show there', () => {
    show({});
    expect(screen.queryByTestId('listing-payload-refusal')).toBeNull();
    expect(screen.getByTestId('listing-payload-waiting').textContent).toBe(
      'Choose a place: what a listing must carry for it shows here, ready to copy.',
    );
  });
});
