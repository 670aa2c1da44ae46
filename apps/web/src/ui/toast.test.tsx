// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInEnglish } from '../test-support/render.tsx';
import { Toast } from './toast.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness({ onAction = () => {}, durationMs }: { onAction?: () => void; durationMs?: number }) {
  const [shown, setShown] = useState(true);
  const [dismissed, setDismissed] = useState(0);
  return (
    <>
      <p data-testid="dismissed">{dismissed}</p>
      {shown ? (
        <Toast
          message="Sampa unblocked"
          action={{ label: 'Undo', onAction }}
          {...(durationMs ? { durationMs } : {})}
          onDismiss={() => {
            setShown(false);
            setDismissed((count) => count + 1);
          }}
        />
      ) : null}
    </>
  );
}

describe('Toast', () => {
  it('is an alert dialog named by its message in a region of its own, its action focused', async () => {
    renderInEnglish(<Harness />);
    await act(async () => {});
    const region = screen.getByRole('region', { name: 'Notice' });
    const toast = screen.getByRole('alertdialog', { name: 'Sampa unblocked' });
    expect(region.contains(toast)).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Sampa unblocked');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo' }));
  });

  it('runs its action, and its close button dismisses it', () => {
    const onAction = vi.fn();
    renderInEnglish(<Harness onAction={onAction} />);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(screen.getByTestId('dismissed').textContent).toBe('1');
  });

  it('goes by itself when its time is up, the clock stopped while focus is in it', async () => {
    vi.useFakeTimers();
    renderInEnglish(<Harness durationMs={6000} />);
    await act(async () => {});
    expect(document.activeElement?.textContent).toBe('Undo');
    // Its action has focus: the toast waits.
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('toast')).toBeTruthy();
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => vi.advanceTimersByTime(6000));
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(screen.getByTestId('dismissed').textContent).toBe('1');
  });
});
