import { Outlet } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n/use-t.tsx';
import { useTheme } from '../../lib/theme.ts';
import { Button } from '../../ui/button.tsx';
import { CloseIcon, MenuIcon } from '../../ui/icons.tsx';
import { ThemeToggle } from '../../ui/theme-toggle.tsx';
import { AccountArea } from './account-area.tsx';
import { LiveArea } from './live-area.tsx';
import { Sidebar } from './sidebar.tsx';
import { usePageAnnouncement, usePageTitle } from './use-page-title.ts';

/** The frame of every page: the workspaces' navigation (a drawer on small screens), the header and the page. */
export function AppShell() {
  const t = useT();
  const { theme, setTheme } = useTheme();
  const title = usePageTitle();
  const [drawerOpen, setDrawerOpen] = useState(false);
  usePageAnnouncement(title);

  const drawer = useRef<HTMLDialogElement>(null);
  // A modal <dialog> gives the small-screen menu focus containment, Escape to close and focus return for free.
  useEffect(() => {
    const dialog = drawer.current;
    if (!dialog) return;
    if (drawerOpen && !dialog.open) dialog.showModal();
    if (!drawerOpen && dialog.open) dialog.close();
  }, [drawerOpen]);

  return (
    <div className="flex min-h-dvh bg-canvas text-ink">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-accent px-3 py-2 text-sm font-medium text-accent-ink shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('shell.appShell.skipToContent')}
      </a>

      <aside className="sticky top-0 hidden h-dvh w-60 shrink-0 md:block">
        <Sidebar />
      </aside>

      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which <dialog> handles */}
      <dialog
        ref={drawer}
        id="drawer"
        aria-label={t('shell.appShell.menu')}
        onClose={() => setDrawerOpen(false)}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) setDrawerOpen(false);
        }}
        className="m-0 h-dvh max-h-none w-64 border-r border-line bg-canvas text-ink shadow-xl backdrop:bg-black/40 md:hidden"
      >
        {drawerOpen ? (
          <>
            <Sidebar onNavigate={() => setDrawerOpen(false)} />
            <Button
              variant="ghost"
              className="absolute top-3 right-3"
              aria-label={t('shell.appShell.closeMenu')}
              onClick={() => setDrawerOpen(false)}
              icon={<CloseIcon />}
            />
          </>
        ) : null}
      </dialog>

      <div className="flex min-w-0 flex-1 flex-col md:py-2 md:pr-2">
        <div className="flex flex-1 flex-col overflow-hidden border-line bg-surface md:rounded-xl md:border md:shadow-xs">
          <header className="flex h-12 shrink-0 items-center gap-2 border-b border-line px-3 md:px-4">
            <Button
              variant="ghost"
              className="md:hidden"
              aria-label={t('shell.appShell.openMenu')}
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              aria-controls="drawer"
              onClick={() => setDrawerOpen(true)}
              icon={<MenuIcon />}
            />
            <nav aria-label={t('shell.appShell.breadcrumb')} className="min-w-0 flex-1">
              <ol className="flex items-center gap-1.5 text-body">
                <li className="text-faint">Mostrador</li>
                {title ? (
                  <>
                    <li aria-hidden="true" className="text-line-strong">
                      /
                    </li>
                    <li aria-current="page" className="truncate font-medium text-ink">
                      {title}
                    </li>
                  </>
                ) : null}
              </ol>
            </nav>
            <div className="flex items-center gap-1">
              <LiveArea />
              <ThemeToggle theme={theme} onChange={setTheme} />
              <div aria-hidden="true" className="mx-1 h-5 w-px bg-line" />
              <AccountArea />
            </div>
          </header>
          <main id="main" tabIndex={-1} className="flex-1 overflow-y-auto focus:outline-none">
            <Outlet />
          </main>
        </div>
      </div>
    </div>
  );
}
