import { createFileRoute } from '@tanstack/react-router';
import { AccountIcon } from '../ui/icons.tsx';
import { WorkspacePlaceholder } from './-shell/workspace-placeholder.tsx';

export const Route = createFileRoute('/account')({
  staticData: { title: 'Account' },
  component: AccountPage,
});

function AccountPage() {
  return (
    <WorkspacePlaceholder
      title="Account"
      icon={AccountIcon}
      description="Your seller account on the marketplace."
      planned={[
        'Sign in to Mostrador with your marketplace account, and sign out.',
        'Your nickname, site, contact details and seller reputation.',
        'Choose whether buyers must pay through the platform (sell equals pay).',
      ]}
    />
  );
}
