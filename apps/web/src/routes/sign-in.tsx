import { signInErrorSchema } from '@mostrador/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { useT } from '../lib/i18n/use-t.tsx';
import { buttonClasses } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { AccountIcon } from '../ui/icons.tsx';

const searchSchema = z.object({
  error: signInErrorSchema.optional().catch(undefined),
  /** Why a signed-in user was sent here: they revoked Mostrador's access, or the marketplace refused the session. */
  ended: z.enum(['revoked', 'expired']).optional().catch(undefined),
});

const ENDED_MESSAGES = {
  revoked:
    'You revoked Mostrador’s access to your marketplace account, so it can no longer act for you. Sign in again to grant it access anew.',
  expired:
    'The marketplace no longer accepts this session’s access: it was revoked or has expired. Sign in again to continue.',
} as const;

const MESSAGES: Record<z.infer<typeof signInErrorSchema>, string> = {
  access_denied: 'The sign-in was cancelled. Nothing changed.',
  invalid_state: 'That sign-in link was not started here or was already used. Start again.',
  expired: 'The sign-in took too long. Start again.',
  exchange_failed: 'The marketplace did not confirm the sign-in. Start again.',
  server_error: 'The marketplace could not be reached. Try again in a moment.',
};

export const Route = createFileRoute('/sign-in')({
  staticData: { title: 'Sign in' },
  validateSearch: searchSchema,
  component: SignInPage,
});

function SignInPage() {
  const t = useT();
  const { error, ended } = Route.useSearch();
  return (
    <EmptyState
      className="py-24"
      icon={<AccountIcon />}
      headingLevel={1}
      title={t('shell.signIn.signInToMostrador')}
      description={t('shell.signIn.useYourMarketplaceAccount')}
      action={
        // A full navigation: the BFF starts the sign-in and sends the browser to the marketplace.
        <a href="/bff/login" className={buttonClasses('primary')}>
          {t('shell.signIn.signInWithThe')}
        </a>
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
