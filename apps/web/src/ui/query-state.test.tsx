// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import english from '../lib/i18n/messages/en.json';
import { renderInEnglish } from '../test-support/render.tsx';
import { type QueryLike, QueryState } from './query-state.tsx';

afterEach(cleanup);

const query = <T,>(over: Partial<QueryLike<T>>): QueryLike<T> => ({
  data: undefined,
  error: null,
  isFetching: false,
  refetch: vi.fn(),
  ...over,
});

const show = (q: QueryLike<string[]>, compact = false) =>
  renderInEnglish(
    <QueryState
      query={q}
      compact={compact}
      loading={<p>Loading the list</p>}
      error={{ title: 'The list could not be loaded' }}
      isEmpty={(data) => data.length === 0}
      empty={{ title: 'Nothing here yet' }}
    >
      {(data) => (
        <ul aria-label="List">
          {data.map((entry) => (
            <li key={entry}>{entry}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );

describe('QueryState', () => {
  it('stands in while the first answer is awaited', () => {
    show(query({ isFetching: true }));
    expect(screen.getByText('Loading the list')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('explains a failed read by its code, in words, and retries on request', () => {
    const refetch = vi.fn();
    const error = Object.assign(new Error('The marketplace did not answer'), {
      error: 'service_unavailable',
    });
    show(query({ error, refetch }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded');
    expect(alert.textContent).toContain(english['error.service_unavailable']);
    expect(alert.textContent).not.toContain('The marketplace did not answer');
    expect(alert.textContent).toContain('service_unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says so when the answer is empty, as a quiet line inside a card', () => {
    show(query({ data: [] }), true);
    expect(screen.getByText('Nothing here yet').tagName).toBe('P');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('keeps what it showed while a refetch fails', () => {
    show(query({ data: ['paid'], error: new Error('offline') }));
    expect(screen.getByRole('list', { name: 'List' }).textContent).toBe('paid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('blocks a second retry while one runs', () => {
    show(query({ error: new Error('offline'), isFetching: true }));
    expect((screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
