import { Group, Select, TagsInput } from '@mantine/core';
import { MODEL_FORMATS, type TOverlayMetric } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../editor-context';
import { type Arith, type Format, type MetricDraft, metricFromDraft } from '../measure-form';
import { upsertMeasure } from '../overlay';
import { FormActions, NameFields } from './FormParts';
import { useDraftForm } from './use-draft-form';

const OPS: { value: Arith; key: string }[] = [
  { value: '/', key: 'ratio' },
  { value: '+', key: 'plus' },
  { value: '-', key: 'minus' },
  { value: '*', key: 'times' },
];

const BLANK: MetricDraft = {
  name: '',
  label: '',
  op: '/',
  left: '',
  right: '',
  format: 'number',
  synonyms: [],
};

/** The measures a metric can combine: the model's, and the draft's own (defined a moment ago, say). */
function useMeasureChoices() {
  const { view, draft } = useEditor();
  const own = draft.measures.filter((m) => !view.measures.some((v) => v.name === m.name));
  return [...view.measures, ...own].map((m) => ({ value: m.name, label: m.label }));
}

/** "Define a metric": a ratio, sum, difference or product of two measures, each aggregated first. */
export function MetricForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('models');
  const measures = useMeasureChoices();
  const { d, set, errors, err, submit } = useDraftForm<MetricDraft, TOverlayMetric>(
    BLANK,
    metricFromDraft,
    upsertMeasure,
    onDone,
  );
  return (
    <form
      className="model-form"
      onSubmit={submit}
      aria-label={t('metric.title')}
      data-testid="model-metric-form"
      noValidate
    >
      <NameFields label={d.label} name={d.name} errors={errors} onChange={set} testId="model-metric-label" />
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
      <FormActions submit={t('metric.add')} onCancel={onDone} testId="model-metric-add" />
    </form>
  );
}
