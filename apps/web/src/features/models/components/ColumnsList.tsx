import { Button, Group, TagsInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../editor-context';
import { dimensionFromColumn } from '../measure-form';
import { upsertDimension } from '../overlay';

/** A table's columns with their types and sample values; any column can be made a dimension. */
export function ColumnsList({ table }: { table: string }) {
  const { t } = useTranslation('models');
  const { view } = useEditor();
  const [making, setMaking] = useState<string | null>(null);
  const columns = view.tables.find((x) => x.name === table)?.columns ?? [];
  if (columns.length === 0) return null;
  return (
    <div className="model-group">
      <h4 className="model-group-title">{t('columns.title')}</h4>
      <ul className="model-columns">
        {columns.map((c) => (
          <li key={c.name} data-testid="model-column" data-column={c.name}>
            <Group justify="space-between" wrap="nowrap" gap={8}>
              <span>
                <code>{c.name}</code> <span className="model-type">{c.type}</span>
                {c.samples && c.samples.length > 0 ? (
                  <span className="model-samples">
                    {' '}
                    {t('columns.samples', { samples: c.samples.slice(0, 5).join(', ') })}
                  </span>
                ) : null}
              </span>
              <Button
                size="compact-xs"
                variant="subtle"
                aria-expanded={making === c.name}
                onClick={() => setMaking((m) => (m === c.name ? null : c.name))}
                data-testid="model-make-dimension"
              >
                {t('columns.make_dimension')}
              </Button>
            </Group>
            {making === c.name ? (
              <DimensionForm table={table} column={c.name} onDone={() => setMaking(null)} />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function DimensionForm({ table, column, onDone }: { table: string; column: string; onDone: () => void }) {
  const { t } = useTranslation('models');
  const { edit } = useEditor();
  const [label, setLabel] = useState(column.replace(/_/g, ' '));
  const [synonyms, setSynonyms] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = dimensionFromColumn(table, column, label, synonyms);
    if (!result.ok) return setErrors(result.errors);
    edit((o) => upsertDimension(o, result.value));
    onDone();
  };
  return (
    <form className="model-inline-form" onSubmit={submit} data-testid="model-dimension-form">
      <TextInput
        label={t('form.label')}
        value={label}
        onChange={(e) => setLabel(e.currentTarget.value)}
        error={errors.label || errors.name ? t(errors.label ?? errors.name ?? '') : undefined}
        required
      />
      <TagsInput label={t('field.synonyms')} value={synonyms} onChange={setSynonyms} />
      <Group justify="flex-end" mt="xs">
        <Button variant="default" size="xs" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" size="xs" data-testid="model-dimension-add">
          {t('columns.add_dimension')}
        </Button>
      </Group>
    </form>
  );
}
