import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { CompassIcon } from '../../ui/icons.tsx';

/** An address no page has: said plainly, with the way back to the orders. */
export function NotFound() {
  return (
    <EmptyState
      className="py-24"
      icon={<CompassIcon />}
      headingLevel={1}
      title="There is no page at this address"
      description="The link may be old or mistyped. Your orders are one click away."
      action={
        <Link to="/orders" className={buttonClasses('primary')}>
          Go to orders
        </Link>
      }
    />
  );
}
