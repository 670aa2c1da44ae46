import { Link } from '@tanstack/react-router';
import { useT } from '../../lib/i18n/use-t.tsx';
import { BrandMark } from './brand-mark.tsx';
import { NAV_GROUPS } from './nav-items.ts';

/** The workspace navigation; `onNavigate` lets the small-screen drawer close itself after a choice. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  return (
    <div className="flex h-full flex-col gap-6 px-3 py-3">
      <Link
        to="/orders"
        onClick={onNavigate}
        className="flex h-8 items-center gap-2.5 rounded-md px-2 text-lead font-semibold tracking-tight text-ink"
      >
        <BrandMark />
        Mostrador
      </Link>
      <nav aria-label={t('shell.sidebar.workspaces')} className="flex flex-col gap-5">
        {NAV_GROUPS.map((group) => (
          <div key={group.label}>
            <h2 className="mb-1 px-2 text-caption font-medium tracking-wide text-muted uppercase">
              {group.label}
            </h2>
            <ul className="flex flex-col gap-px">
              {group.items.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    onClick={onNavigate}
                    className="group flex h-8 items-center gap-2.5 rounded-md px-2 text-body font-medium text-muted transition-colors hover:bg-subtle hover:text-ink aria-[current=page]:bg-surface aria-[current=page]:text-ink aria-[current=page]:shadow-xs aria-[current=page]:ring-1 aria-[current=page]:ring-line"
                  >
                    <Icon className="size-4 shrink-0 text-faint group-hover:text-muted group-aria-[current=page]:text-accent" />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}
