import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { AccountIcon } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

/** A workspace that acts as a marketplace account, opened by nobody signed in. */
export function SignInRequired({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState
        icon={<AccountIcon />}
        title="Sign in to use this page"
        description="It works with the marketplace account you sign in with."
        action={
          <Link to="/sign-in" className={buttonClasses('primary')}>
            Sign in
          </Link>
        }
      />
    </>
  );
}
