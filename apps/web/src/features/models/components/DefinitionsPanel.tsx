import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canRemove, useEditor } from '../editor-context';
import { removeDimension, removeMeasure } from '../overlay';
import { MeasureForm } from './MeasureForm';
import { MetricForm } from './MetricForm';

/** The owner's own measures, metrics and dimensions in the draft, and the forms that define more. */
export function DefinitionsPanel() {
  const { t } = useTranslation('models');
  const editor = useEditor();
  const [form, setForm] = useState<'measure' | 'metric' | null>(null);
  const { draft, saved } = editor;
  const savedMeasure = (name: string) => saved.measures.some((m) => m.name === name);
  const savedDimension = (name: string) => saved.dimensions.some((d) => d.name === name);
  return (
    <section className="panel model-definitions" aria-labelledby="model-defs-title">
      <Group justify="space-between">
        <h2 className="panel-title" id="model-defs-title">
          {t('defs.title')}
        </h2>
        <Group gap={8}>
          <Button
            size="xs"
            variant="light"
            onClick={() => setForm('measure')}
            aria-expanded={form === 'measure'}
            data-testid="model-define-measure"
          >
            {t('measure.title')}
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() => setForm('metric')}
            aria-expanded={form === 'metric'}
            data-testid="model-define-metric"
          >
            {t('metric.title')}
          </Button>
        </Group>
      </Group>
      {form === 'measure' ? <MeasureForm onDone={() => setForm(null)} /> : null}
      {form === 'metric' ? <MetricForm onDone={() => setForm(null)} /> : null}
      {draft.measures.length + draft.dimensions.length === 0 ? (
        <Text size="sm" c="var(--c-muted)">
          {t('defs.none')}
        </Text>
      ) : (
        <ul className="model-fields" data-testid="model-definitions">
          {draft.measures.map((m) => (
            <li key={`m:${m.name}`} className="model-field" data-testid="model-definition" data-name={m.name}>
              <span>
                <span className="model-kind">{t(m.kind === 'metric' ? 'defs.metric' : 'defs.measure')}</span>{' '}
                {m.label} <code>{m.name}</code>
                {savedMeasure(m.name) ? null : <span className="model-badge">{t('defs.unsaved')}</span>}
              </span>
              {canRemove(editor, savedMeasure(m.name)) ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={t('defs.remove', { label: m.label })}
                  onClick={() => editor.edit((o) => removeMeasure(o, m.name))}
                  data-testid="model-definition-remove"
                >
                  {t('defs.remove_short')}
                </Button>
              ) : null}
            </li>
          ))}
          {draft.dimensions.map((d) => (
            <li key={`d:${d.name}`} className="model-field" data-testid="model-definition" data-name={d.name}>
              <span>
                <span className="model-kind">{t('defs.dimension')}</span> {d.label}{' '}
                <code>
                  {d.table}.{d.column}
                </code>
                {savedDimension(d.name) ? null : <span className="model-badge">{t('defs.unsaved')}</span>}
              </span>
              {canRemove(editor, savedDimension(d.name)) ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={t('defs.remove', { label: d.label })}
                  onClick={() => editor.edit((o) => removeDimension(o, d.name))}
                  data-testid="model-definition-remove"
                >
                  {t('defs.remove_short')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
