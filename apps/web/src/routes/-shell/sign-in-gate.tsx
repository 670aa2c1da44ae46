import { useLocation } from '@tanstack/react-router';
import { translate } from '../../lib/i18n/i18n.ts';
import { useT } from '../../lib/i18n/use-t.tsx';
import { signInHref } from '../../lib/sign-in-link.ts';
import { buttonClasses } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { AccountIcon } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

/**
 * A workspace that needs an account, seen without one: its title, what it would show, and the way in, which comes
 * back to this very address.
 */
export function SignInGate({
  title,
  description,
  what,
}: {
  title: string;
  description?: string | undefined;
  what: string;
}) {
  const t = useT();
  const here = useLocation({ select: (location) => location.href });
  return (
    <>
      <PageHeader title={title} {...(description ? { description } : {})} />
      <EmptyState
        className="py-20"
        icon={<AccountIcon />}
        title={translate('shell.signInGate.signInToSee', { what })}
        description={t('shell.signInGate.useYourMarketplaceAccount')}
        action={
          <a href={signInHref(here)} className={buttonClasses('primary')}>
            {t('shell.signInGate.signInWithThe')}
          </a>
        }
      />
    </>
  );
}
