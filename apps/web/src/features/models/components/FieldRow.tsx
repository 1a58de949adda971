import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../editor-context';
import { type FieldBase, FieldEditor } from './FieldEditor';
import { ValuesEditor } from './ValuesEditor';

/** One measure, dimension or time dimension: its label and badges, with its editor and values on demand. */
export function FieldRow({ field, values }: { field: FieldBase; values?: string[] }) {
  const { t } = useTranslation('models');
  const { draft, view } = useEditor();
  const [open, setOpen] = useState<'edit' | 'values' | null>(null);
  // The editor keeps its own text while typing: a reset or a new version starts it afresh.
  const [round, setRound] = useState(0);
  const edit = draft.fields[field.name];
  const label = edit?.label ?? field.label;
  const hidden = edit?.hidden ?? field.hidden ?? false;
  const panel = `model-field-${field.name}-${open ?? 'none'}`;
  const toggle = (which: 'edit' | 'values') => setOpen((o) => (o === which ? null : which));

  return (
    <li className="model-field" data-testid="model-field" data-field={field.name} data-hidden={hidden}>
      <Group justify="space-between" wrap="nowrap" gap={8}>
        <span className="model-field-name">
          <span className="model-field-label">{label}</span> <code>{field.name}</code>
          {hidden ? <span className="model-badge">{t('field.hidden_badge')}</span> : null}
          {edit || field.edited ? (
            <span className="model-badge model-badge-edited">{t('field.edited_badge')}</span>
          ) : null}
        </span>
        <Group gap={4} wrap="nowrap">
          {values && values.length > 0 ? (
            <Button
              size="compact-xs"
              variant="subtle"
              aria-expanded={open === 'values'}
              aria-controls={open === 'values' ? panel : undefined}
              onClick={() => toggle('values')}
              data-testid="model-field-values"
            >
              {t('values.open', { count: values.length })}
            </Button>
          ) : null}
          <Button
            size="compact-xs"
            variant="subtle"
            aria-expanded={open === 'edit'}
            aria-controls={open === 'edit' ? panel : undefined}
            aria-label={t('field.edit', { label })}
            onClick={() => toggle('edit')}
            data-testid="model-field-edit"
          >
            {t('field.edit_short')}
          </Button>
        </Group>
      </Group>
      {open ? (
        <div id={panel}>
          {open === 'edit' ? (
            <FieldEditor
              key={`${view.version}:${round}`}
              field={field}
              onReset={() => setRound((r) => r + 1)}
            />
          ) : (
            <ValuesEditor dimension={field.name} values={values ?? []} />
          )}
        </div>
      ) : null}
    </li>
  );
}
