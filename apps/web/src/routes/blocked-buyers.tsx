import { createFileRoute } from '@tanstack/react-router';
import { BlockedIcon } from '../ui/icons.tsx';
import { WorkspacePlaceholder } from './-shell/workspace-placeholder.tsx';

export const Route = createFileRoute('/blocked-buyers')({
  staticData: { title: 'Blocked buyers' },
  component: BlockedbuyersPage,
});

function BlockedbuyersPage() {
  return (
    <WorkspacePlaceholder
      title="Blocked buyers"
      icon={BlockedIcon}
      description="Buyers you have stopped from buying your items or asking you questions."
      planned={[
        'Two lists: buyers blocked from buying and buyers blocked from asking questions, with when each block began.',
        'Block a buyer from asking questions by nickname or user ID.',
        'Remove a block with one confirmed action.',
      ]}
    />
  );
}
