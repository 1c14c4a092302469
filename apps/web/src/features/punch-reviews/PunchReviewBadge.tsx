import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePunchReviewCount } from './api';

/**
 * The count of kiosk punches awaiting review (decision 0061) beside "Asistencia"; nothing at zero. The link keeps its
 * name ("Asistencia"): a screen reader hears the count on the attendance tab's card, so the number here is visual.
 */
export function PunchReviewBadge() {
  const { t } = useTranslation('dashboard');
  const count = usePunchReviewCount().data ?? 0;
  if (!count) return null;
  return (
    <Badge size="sm" color="#b8410c" variant="filled" aria-hidden="true" title={t('punchReviews.badgeLabel', { count })} data-testid="punch-review-badge">
      {count}
    </Badge>
  );
}
