import { Link } from '@tanstack/react-router';
import { useT } from '../../lib/i18n/use-t.tsx';
import { buttonClasses } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { CompassIcon } from '../../ui/icons.tsx';

/** An address no page has: said plainly, with the way back to the orders. */
export function NotFound() {
  const t = useT();
  return (
    <EmptyState
      className="py-24"
      icon={<CompassIcon />}
      headingLevel={1}
      title={t('shell.notFound.thereIsNoPage')}
      description={t('shell.notFound.theLinkMayBe')}
      action={
        <Link to="/orders" className={buttonClasses('primary')}>
          {t('shell.notFound.goToOrders')}
        </Link>
      }
    />
  );
}
