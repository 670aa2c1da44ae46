// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setOperatedAccount } from '../../../../lib/i18n/i18n.ts';
import english from '../../../../lib/i18n/messages/en.json';
import spanish from '../../../../lib/i18n/messages/es.json';
import { installDialogs, renderWithApp } from '../../../../test-support/render.tsx';
import { BlockBuyerPanel } from './block-buyer-panel.tsx';

afterEach(() => {
  cleanup();
  setOperatedAccount(null);
  i18n.loadAndActivate({ locale: 'en', messages: english });
});

const panel = (
  <BlockBuyerPanel seller={{ id: 100, siteId: 'MLA' }} buyer={{ id: 7, nickname: 'COMPRADOR_X' }} />
);

describe('BlockBuyerPanel for a team member', () => {
  it('names the seller whose items they are, never "your" or "my" items, in every language', async () => {
    installDialogs();
    setOperatedAccount('TIENDA_PALERMO');
    await renderWithApp(panel);
    expect(
      await screen.findByText(
        'Stop COMPRADOR_X from buying on TIENDA_PALERMO’s items or asking TIENDA_PALERMO questions.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Block buyer…' }));
    const dialog = screen.getByRole('dialog', { name: 'Block COMPRADOR_X?' });
    expect(dialog.textContent).toContain('Buying on TIENDA_PALERMO’s items');
    expect(dialog.textContent).toContain('Asking questions on TIENDA_PALERMO’s items');
    expect(dialog.textContent).not.toMatch(/\bmy items\b/);
    act(() => i18n.loadAndActivate({ locale: 'es', messages: spanish }));
    expect(dialog.textContent).toContain('Comprar los productos de TIENDA_PALERMO');
    expect(dialog.textContent).not.toContain('mis productos');
    expect(
      screen.getByText('Impide que COMPRADOR_X compre los productos de TIENDA_PALERMO o le haga preguntas.'),
    ).toBeTruthy();
  });

  it('speaks to the owner of the account as before, and follows a switch of account at once', async () => {
    await renderWithApp(panel);
    expect(
      await screen.findByText('Stop COMPRADOR_X from buying on your items or asking you questions.'),
    ).toBeTruthy();
    act(() => setOperatedAccount('LOJA_PINHEIROS'));
    expect(
      screen.getByText(
        'Stop COMPRADOR_X from buying on LOJA_PINHEIROS’s items or asking LOJA_PINHEIROS questions.',
      ),
    ).toBeTruthy();
  });
});
