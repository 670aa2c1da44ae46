import type { OperatorPermission } from '@mostrador/contracts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Badge } from '../../../ui/badge.tsx';

/** What a team member may do, one badge per permission; reading personal data stands out. */
export function PermissionBadges({ permissions }: { permissions: readonly OperatorPermission[] }) {
  const t = useT();
  if (permissions.length === 0) return <span className="text-muted">{t('team.teamTable.none')}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {permissions.map((p) => (
        <Badge key={p} tone={p === 'buyers.personal_data.read' ? 'warning' : 'neutral'}>
          {translate(`permission.${p}`)}
        </Badge>
      ))}
    </span>
  );
}
