// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInEnglish } from '../test-support/render.tsx';
import { LiveRegionProvider, useAnnounce } from './live-region.tsx';

function Saver() {
  const announce = useAnnounce();
  return (
    <button type="button" onClick={() => announce('Saved')}>
      Save
    </button>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('LiveRegionProvider', () => {
  it('renders one polite status region and announces messages into it', () => {
    vi.useFakeTimers();
    renderInEnglish(
      <LiveRegionProvider>
        <Saver />
      </LiveRegionProvider>,
    );
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    act(() => vi.advanceTimersByTime(100));
    expect(region.textContent).toBe('Saved');

    // The same message again is cleared first, so screen readers read it again.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(region.textContent).toBe('');
    act(() => vi.advanceTimersByTime(100));
    expect(region.textContent).toBe('Saved');
  });

  it('reads messages announced together one after the other, instead of the last alone', () => {
    vi.useFakeTimers();
    function Both() {
      const announce = useAnnounce();
      return (
        <button
          type="button"
          onClick={() => {
            announce('Marketplace time is now 28 Nov, 22:00');
            announce('17 orders, showing 1 to 17');
            announce('17 orders, showing 1 to 17');
          }}
        >
          Move
        </button>
      );
    }
    renderInEnglish(
      <LiveRegionProvider>
        <Both />
      </LiveRegionProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('status').textContent).toBe(
      'Marketplace time is now 28 Nov, 22:00. 17 orders, showing 1 to 17.',
    );
  });

  it('refuses to announce outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderInEnglish(<Saver />)).toThrow(/LiveRegionProvider/);
  });
});
