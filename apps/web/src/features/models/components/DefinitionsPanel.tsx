import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canRemove, useEditor } from '../editor-context';
import { removeDimension, removeMeasure } from '../overlay';
import { MeasureForm } from './MeasureForm';
import { MetricForm } from './MetricForm';

type FormKind = 'measure' | 'metric';

/** The owner's own measures, metrics and dimensions in the draft, and the forms that define more. */
export function DefinitionsPanel() {
  const { t } = useTranslation('models');
  const { draft } = useEditor();
  const [form, setForm] = useState<FormKind | null>(null);
  const opener = (kind: FormKind) => (
    <Button
      size="xs"
      variant="light"
      onClick={() => setForm(kind)}
      aria-expanded={form === kind}
      data-testid={`model-define-${kind}`}
    >
      {t(`${kind}.title`)}
    </Button>
  );
  return (
    <section className="panel model-definitions" aria-labelledby="model-defs-title">
      <Group justify="space-between">
        <h2 className="panel-title" id="model-defs-title">
          {t('defs.title')}
        </h2>
        <Group gap={8}>
          {opener('measure')}
          {opener('metric')}
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
            <Definition
              key={`m:${m.name}`}
              kind={m.kind === 'metric' ? 'metric' : 'measure'}
              name={m.name}
              label={m.label}
            />
          ))}
          {draft.dimensions.map((d) => (
            <Definition
              key={`d:${d.name}`}
              kind="dimension"
              name={d.name}
              label={d.label}
              source={`${d.table}.${d.column}`}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

interface DefinitionProps {
  kind: 'measure' | 'metric' | 'dimension';
  name: string;
  label: string;
  /** A dimension's column. */
  source?: string;
}

/** One definition of the draft, marked when not saved yet, removable as canRemove allows. */
function Definition({ kind, name, label, source }: DefinitionProps) {
  const { t } = useTranslation('models');
  const editor = useEditor();
  const dimension = kind === 'dimension';
  const list = dimension ? editor.saved.dimensions : editor.saved.measures;
  const inSaved = list.some((x) => x.name === name);
  const remove = () => editor.edit((o) => (dimension ? removeDimension(o, name) : removeMeasure(o, name)));
  return (
    <li className="model-field" data-testid="model-definition" data-name={name}>
      <span>
        <span className="model-kind">{t(`defs.${kind}`)}</span> {label} <code>{source ?? name}</code>
        {inSaved ? null : <span className="model-badge">{t('defs.unsaved')}</span>}
      </span>
      {canRemove(editor, inSaved) ? (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          aria-label={t('defs.remove', { label })}
          onClick={remove}
          data-testid="model-definition-remove"
        >
          {t('defs.remove_short')}
        </Button>
      ) : null}
    </li>
  );
}
