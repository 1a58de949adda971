import { Button, Group, Select, TagsInput, TextInput } from '@mantine/core';
import { MODEL_FORMATS } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../editor-context';
import { type Arith, type Format, type MetricDraft, metricFromDraft, nameFromLabel } from '../measure-form';
import { upsertMeasure } from '../overlay';

const OPS: { value: Arith; key: string }[] = [
  { value: '/', key: 'ratio' },
  { value: '+', key: 'plus' },
  { value: '-', key: 'minus' },
  { value: '*', key: 'times' },
];

/** "Define a metric": a ratio, sum, difference or product of two measures, each aggregated first. */
export function MetricForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('models');
  const { view, draft, edit } = useEditor();
  const [d, setD] = useState<MetricDraft>({
    name: '',
    label: '',
    op: '/',
    left: '',
    right: '',
    format: 'number',
    synonyms: [],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<MetricDraft>) => setD((x) => ({ ...x, ...patch }));
  const err = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  // The draft's own measures count too, so a metric can use one defined a moment ago.
  const measures = [
    ...view.measures.map((m) => ({ value: m.name, label: m.label })),
    ...draft.measures
      .filter((m) => !view.measures.some((v) => v.name === m.name))
      .map((m) => ({ value: m.name, label: m.label })),
  ];
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = metricFromDraft(d);
    if (!result.ok) return setErrors(result.errors);
    edit((o) => upsertMeasure(o, result.value));
    onDone();
  };
  return (
    <form
      className="model-form"
      onSubmit={submit}
      aria-label={t('metric.title')}
      data-testid="model-metric-form"
      noValidate
    >
      <Group grow align="flex-start">
        <TextInput
          label={t('form.label')}
          value={d.label}
          required
          error={err('label')}
          onChange={(e) => set({ label: e.currentTarget.value })}
          data-testid="model-metric-label"
        />
        <TextInput
          label={t('form.name')}
          value={d.name}
          placeholder={nameFromLabel(d.label)}
          error={err('name')}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('metric.left')}
          data={measures}
          value={d.left || null}
          error={err('left')}
          searchable
          onChange={(left) => set({ left: left ?? '' })}
          data-testid="model-metric-left"
        />
        <Select
          label={t('measure.operator')}
          allowDeselect={false}
          value={d.op}
          data={OPS.map((o) => ({ value: o.value, label: t(`metric.ops.${o.key}`) }))}
          onChange={(op) => set({ op: (op ?? '/') as Arith })}
        />
        <Select
          label={t('metric.right')}
          data={measures}
          value={d.right || null}
          error={err('right')}
          searchable
          onChange={(right) => set({ right: right ?? '' })}
          data-testid="model-metric-right"
        />
      </Group>
      <Select
        label={t('field.format')}
        allowDeselect={false}
        value={d.format}
        data={MODEL_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
        onChange={(format) => set({ format: (format ?? 'number') as Format })}
      />
      <TagsInput label={t('field.synonyms')} value={d.synonyms} onChange={(synonyms) => set({ synonyms })} />
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" data-testid="model-metric-add">
          {t('metric.add')}
        </Button>
      </Group>
    </form>
  );
}
