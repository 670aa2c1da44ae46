import { createFileRoute } from '@tanstack/react-router';
import { StarIcon } from '../ui/icons.tsx';
import { WorkspacePlaceholder } from './-shell/workspace-placeholder.tsx';

export const Route = createFileRoute('/reviews')({
  staticData: { title: 'Reviews' },
  component: ReviewsPage,
});

function ReviewsPage() {
  return (
    <WorkspacePlaceholder
      title="Reviews"
      icon={StarIcon}
      description="What buyers say about your items, and how they rate them."
      planned={[
        'Look up an item and read its reviews, newest or most helpful first.',
        'See the item’s average rating and how many reviews gave one to five stars.',
        'Read the reviews of a catalog product your item is part of.',
      ]}
    />
  );
}
