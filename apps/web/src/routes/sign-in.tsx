import { signInErrorSchema } from '@mostrador/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LanguageSwitcher } from '../features/account/components/language-switcher.tsx';
import { messagesByKey, translate } from '../lib/i18n/i18n.ts';
import { useT } from '../lib/i18n/use-t.tsx';
import { signInHref } from '../lib/sign-in-link.ts';
import { buttonClasses } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { AccountIcon } from '../ui/icons.tsx';

const searchSchema = z.object({
  error: signInErrorSchema.optional().catch(undefined),
  /** Why a signed-in user was sent here: they revoked Mostrador's access, or the marketplace refused the session. */
  ended: z.enum(['revoked', 'expired']).optional().catch(undefined),
  /** The page the person was on or going to: signing in from here comes back to it (the BFF checks it). */
  return_to: z.string().max(2048).optional().catch(undefined),
});

const ENDED_MESSAGES = messagesByKey({
  revoked: 'shell.signIn.youRevokedMostradorS',
  expired: 'shell.signIn.theMarketplaceNoLonger',
});

const MESSAGES: Record<z.infer<typeof signInErrorSchema>, string> = messagesByKey({
  access_denied: 'shell.signIn.theSignInWas',
  invalid_state: 'shell.signIn.thatSignInLink',
  expired: 'shell.signIn.theSignInTook',
  exchange_failed: 'shell.signIn.theMarketplaceDidNot',
  server_error: 'shell.signIn.theMarketplaceCouldNot',
  invalid_return_to: 'shell.signIn.invalidReturnTo',
});

export const Route = createFileRoute('/sign-in')({
  staticData: {
    get title() {
      return translate('shell.signIn.signIn');
    },
  },
  validateSearch: searchSchema,
  component: SignInPage,
});

function SignInPage() {
  const t = useT();
  const { error, ended, return_to: returnTo } = Route.useSearch();
  return (
    <EmptyState
      className="py-24"
      icon={<AccountIcon />}
      headingLevel={1}
      title={t('shell.signIn.signInToMostrador')}
      description={t('shell.signIn.useYourMarketplaceAccount')}
      action={
        <div className="flex flex-col items-center gap-10">
          {/* A full navigation: the BFF starts the sign-in and sends the browser to the marketplace. */}
          <a href={signInHref(returnTo)} className={buttonClasses('primary')}>
            {t('shell.signIn.signInWithThe')}
          </a>
          <div className="text-sm">
            <LanguageSwitcher layout="row" />
          </div>
        </div>
      }
    >
      {ended && !error ? (
        <p
          role="status"
          className="mt-4 max-w-md rounded-md bg-warning-soft px-3 py-2 text-sm text-warning-soft-ink"
        >
          {ENDED_MESSAGES[ended]}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-4 max-w-md text-sm text-danger">
          {MESSAGES[error]}
        </p>
      ) : null}
    </EmptyState>
  );
}
