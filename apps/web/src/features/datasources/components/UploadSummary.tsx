import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { TUploadSummary } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../datasources';
import { TONES } from './tones';

const KINDS = ['integer', 'decimal', 'float', 'text', 'date', 'timestamp', 'boolean'] as const;

/**
 * What an upload was understood as (spec 2 §2): rows and columns, each column's kind, the dates
 * the data spans and the measures found, so the user sees at once what questions can ask.
 */
export function UploadSummary({ summary, onDone }: { summary: TUploadSummary; onDone: () => void }) {
  const { t, i18n } = useTranslation('datasources');
  const number = new Intl.NumberFormat(i18n.language);
  const kindText = (kind: string) =>
    t(`summary.kind.${(KINDS as readonly string[]).includes(kind) ? kind : 'other'}`);
  return (
    <Stack gap="sm" data-testid="ds-upload-summary">
      <Text fw={600} component="h3" size="md" m={0}>
        {t('summary.title')}
      </Text>
      <Text size="sm" data-testid="ds-summary-size">
        {t('summary.rows', { count: summary.rows, formatted: number.format(summary.rows) })}
        {' · '}
        {t('summary.columns', { count: summary.columns.length })}
      </Text>
      <Text size="sm" data-testid="ds-summary-dates">
        {summary.dates
          ? t('summary.dates', {
              from: formatDay(summary.dates.from, i18n.language),
              to: formatDay(summary.dates.to, i18n.language),
              column: summary.dates.column,
            })
          : t('summary.no_dates')}
      </Text>
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('summary.measures')}
        </Text>
        {summary.measures.length === 0 ? (
          <Text size="sm" c="var(--c-muted)">
            {t('summary.no_measures')}
          </Text>
        ) : (
          <Group gap={6} data-testid="ds-summary-measures">
            {summary.measures.map((m) => (
              <Badge key={m.name} variant="light" color="gray" tt="none">
                {m.label}
              </Badge>
            ))}
          </Group>
        )}
      </div>
      <Text size="sm" fw={500} mb={-6} id="ds-summary-columns-label">
        {t('summary.columns_caption')}
      </Text>
      <Table.ScrollContainer minWidth={280} mah={220} type="native">
        <Table
          striped
          withTableBorder
          fz="sm"
          aria-labelledby="ds-summary-columns-label"
          data-testid="ds-summary-columns"
        >
          <Table.Tbody>
            {summary.columns.map((c) => (
              <Table.Tr key={c.name}>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td c="var(--c-muted)">{kindText(c.kind)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Button color={TONES.accent} onClick={onDone} data-autofocus data-testid="ds-summary-done">
          {t('summary.done')}
        </Button>
      </Group>
    </Stack>
  );
}
