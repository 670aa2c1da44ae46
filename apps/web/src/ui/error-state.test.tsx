// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInEnglish } from '../test-support/render.tsx';
import { ErrorState } from './error-state.tsx';

afterEach(cleanup);

describe('ErrorState', () => {
  it('is announced as an alert and shows the error code', () => {
    renderInEnglish(<ErrorState title="Orders could not be loaded" code="invalid_caller_id" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Orders could not be loaded');
    expect(alert.textContent).toContain('invalid_caller_id');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('retries on request and blocks repeat presses while retrying', () => {
    const onRetry = vi.fn();
    const { rerender } = renderInEnglish(<ErrorState onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(<ErrorState onRetry={onRetry} retrying />);
    const button = screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
