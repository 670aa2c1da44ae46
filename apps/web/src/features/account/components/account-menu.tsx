import type { Session } from '@mostrador/contracts';
import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { ChevronDownIcon } from '../../../ui/icons.tsx';
import { useDismiss } from '../../../ui/use-dismiss.ts';
import { AccountAvatar, accountTriggerClasses } from './account-avatar.tsx';

// What the menu holds loads when it first opens (or the pointer comes near): not part of the first screen.
const loadPanel = () => import('./account-menu-panel.tsx');
const AccountMenuPanel = lazy(() => loadPanel().then((module) => ({ default: module.AccountMenuPanel })));

/** The account menu: whom the dashboard works on, the signed-in accounts, adding one and signing out. */
export function AccountMenu({ session, nickname }: { session: Session; nickname: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // Escape and a click elsewhere close the menu, as any disclosure would.
  useDismiss(open, root, () => setOpen(false));

  const returnTo = encodeURIComponent(location.href);
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className={accountTriggerClasses}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <AccountAvatar />
        <span className="hidden font-medium text-ink sm:inline" data-testid="signed-in-user">
          {nickname}
        </span>
        {session.acting_for ? (
          <span className="hidden text-muted sm:inline" data-testid="acting-for">
            {t('account.accountMenu.for', { nickname: session.acting_for.nickname })}
          </span>
        ) : null}
        <span className="sr-only sm:hidden">{t('account.accountMenu.account', { nickname })}</span>
        <ChevronDownIcon className="size-3.5" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AccountMenuPanel
            id={panelId}
            session={session}
            returnTo={returnTo}
            onDone={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
