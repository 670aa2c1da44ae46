import { buttonClasses } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { AccountIcon } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

/** A workspace that needs an account, seen without one: its title, what it would show, and the way in. */
export function SignInGate({
  title,
  description,
  what,
}: {
  title: string;
  description?: string | undefined;
  what: string;
}) {
  return (
    <>
      <PageHeader title={title} {...(description ? { description } : {})} />
      <EmptyState
        className="py-20"
        icon={<AccountIcon />}
        title={`Sign in to see ${what}`}
        description="Use your marketplace account; Mostrador keeps its access on the server."
        action={
          <a href="/bff/login" className={buttonClasses('primary')}>
            Sign in with the marketplace
          </a>
        }
      />
    </>
  );
}
