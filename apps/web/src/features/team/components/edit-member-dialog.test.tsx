// @vitest-environment jsdom
import { type Operator, operatorSchema } from '@mostrador/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import english from '../../../lib/i18n/messages/en.json';
import { Answer, answerFetch } from '../../../test-support/answering-fetch.ts';
import { installDialogs, renderWithApp } from '../../../test-support/render.tsx';
import { EditMemberDialog } from './edit-member-dialog.tsx';

beforeAll(installDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SOPORTE: Operator = operatorSchema.parse({
  user_id: 999000001,
  nickname: 'SOPORTE_PALERMO',
  permissions: ['orders.read', 'blocklists.manage'],
  date_created: '2026-10-24T10:00:00.000-03:00',
  last_updated: '2026-10-24T10:00:00.000-03:00',
});

describe('EditMemberDialog', () => {
  it('shows the member’s permissions and saves the whole new set, in the contract’s order', async () => {
    const sent = answerFetch({
      'PUT /api/users/100008826/operators/999000001': (request: { body: { permissions: string[] } }) => ({
        ...SOPORTE,
        permissions: request.body.permissions,
      }),
    });
    const onClose = vi.fn();
    await renderWithApp(<EditMemberDialog sellerId={100008826} operator={SOPORTE} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Permissions of SOPORTE_PALERMO' });
    const box = (name: RegExp) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(box(/^Read orders/).checked).toBe(true);
    expect(box(/^Manage blocked buyers/).checked).toBe(true);
    expect(box(/^Reply to feedback/).checked).toBe(false);

    fireEvent.click(box(/^Manage blocked buyers/));
    fireEvent.click(box(/^Read buyers’ personal data/));
    fireEvent.click(box(/^Reply to feedback/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/api/users/100008826/operators/999000001' });
    expect(sent[0]!.body).toEqual({
      permissions: ['orders.read', 'feedback.reply', 'buyers.personal_data.read'],
    });
    await waitFor(() =>
      expect(screen.getByTestId('live-region').textContent).toBe('Permissions of SOPORTE_PALERMO saved'),
    );
  });

  it('stays open with the marketplace’s reason when it refuses, and Cancel changes nothing', async () => {
    const sent = answerFetch({
      'PUT /api/users/100008826/operators/999000001': new Answer(404, {
        message: 'operator 999000001 is not on the team',
        error: 'not_found',
        status: 404,
        cause: [],
      }),
    });
    const onClose = vi.fn();
    await renderWithApp(<EditMemberDialog sellerId={100008826} operator={SOPORTE} onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(english['error.not_found']),
    );
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(1);
  });
});
