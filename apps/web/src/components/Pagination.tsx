import { Group, Pagination as MantinePagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  /** Number of pages. */
  total: number;
  onChange: (page: number) => void;
  disabled?: boolean;
}

/**
 * The spec's pagination control (§2, §9): up to 5 page numbers with ellipsis (first, last and the pages
 * around the current one), previous/next, and the label 'Página X de Y'. Hidden when there is one page or fewer.
 */
export function Pagination({ page, total, onChange, disabled }: PaginationProps) {
  const { t } = useTranslation('common');
  if (total <= 1) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mt="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('pagination.label', { page, total })}
      </Text>
      <MantinePagination
        value={page}
        total={total}
        onChange={onChange}
        disabled={disabled}
        siblings={1}
        boundaries={1}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
        getItemProps={(p) => ({ 'aria-label': t('pagination.page', { page: p }), 'aria-current': p === page ? 'page' : undefined })}
      />
    </Group>
  );
}
