// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInEnglish } from '../test-support/render.tsx';
import { Popover } from './popover.tsx';

afterEach(cleanup);

function Harness() {
  return (
    <>
      <p>The list</p>
      <Popover label="Status" ariaLabel="Status, 1 selected">
        {(close) => (
          <>
            <label>
              <input type="checkbox" /> Paid
            </label>
            <button type="button" onClick={close}>
              Done
            </button>
          </>
        )}
      </Popover>
      <button type="button">Columns</button>
    </>
  );
}

const trigger = () => screen.getByRole('button', { name: 'Status, 1 selected' });
const open = () => fireEvent.click(trigger());

describe('Popover', () => {
  it('is a button that opens a dialog named by it, into which focus moves', async () => {
    renderInEnglish(<Harness />);
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    open();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    const dialog = screen.getByRole('dialog', { name: 'Status, 1 selected' });
    expect(trigger().getAttribute('aria-controls')).toBeTruthy();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(screen.getByRole('checkbox', { name: 'Paid' })).toBeTruthy();
  });

  it('leaves the page readable while open: it is not modal', () => {
    renderInEnglish(<Harness />);
    open();
    expect(screen.getByText('The list').closest('[aria-hidden="true"], [inert]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Columns' })).toBeTruthy();
  });

  // Focus going back to the button and a press elsewhere closing the panel are checked in a real browser, by the order
  // list's journey (e2e/orders.spec.ts): jsdom restores no focus after a frame and hit-tests no press.
  it('Escape closes it', () => {
    renderInEnglish(<Harness />);
    open();
    act(() => screen.getByRole('checkbox', { name: 'Paid' }).focus());
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('the button toggles it', () => {
    renderInEnglish(<Harness />);
    open();
    expect(screen.getByRole('dialog')).toBeTruthy();
    open();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives its content a way to close it', () => {
    renderInEnglish(<Harness />);
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
