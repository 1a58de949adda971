import { Group, Select, TagsInput, TextInput } from '@mantine/core';
import { MODEL_AGGREGATIONS, MODEL_FORMATS, type TOverlayAggregate } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../editor-context';
import {
  type Aggregation,
  blankMeasure,
  type Format,
  type MeasureDraft,
  measureFromDraft,
} from '../measure-form';
import { upsertMeasure } from '../overlay';
import { FormActions, FormError, NameFields } from './FormParts';
import { ExistsPicker, ExprBuilder, WhereList } from './MeasureParts';
import { useDraftForm } from './use-draft-form';

const DEFAULT_TIME = '__default';
const NO_TIME = '__none';

/** "Define a measure": an aggregation over a column or expression, with filters, format and time dimension. */
export function MeasureForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('models');
  const { view } = useEditor();
  const { d, set, errors, err, submit } = useDraftForm<MeasureDraft, TOverlayAggregate>(
    () => blankMeasure(view.tables[0]?.name ?? ''),
    measureFromDraft,
    upsertMeasure,
    onDone,
  );
  return (
    <form
      className="model-form"
      onSubmit={submit}
      aria-label={t('measure.title')}
      data-testid="model-measure-form"
      noValidate
    >
      <NameFields label={d.label} name={d.name} errors={errors} onChange={set} testId="model-measure-label" />
      <Group grow align="flex-start">
        <Select
          label={t('measure.table')}
          data={view.tables.map((x) => ({ value: x.name, label: x.label }))}
          value={d.table || null}
          error={err('table')}
          allowDeselect={false}
          data-testid="model-measure-table"
          onChange={(table) =>
            set({ table: table ?? '', where: [], exists: null, expr: { kind: 'column', column: '' } })
          }
        />
        <Select
          label={t('measure.aggregation')}
          allowDeselect={false}
          value={d.agg}
          data-testid="model-measure-agg"
          data={MODEL_AGGREGATIONS.map((a) => ({ value: a, label: t(`aggregations.${a}`) }))}
          onChange={(agg) => set({ agg: (agg ?? 'sum') as Aggregation })}
        />
      </Group>
      <ExprBuilder d={d} set={(expr) => set({ expr })} />
      <FormError error={errors.expr} />
      <WhereList d={d} set={(where) => set({ where })} />
      <FormError error={errors.where} />
      <ExistsPicker d={d} set={(exists) => set({ exists })} />
      <FormError error={errors.exists} />
      <FormatTime d={d} set={set} currencyError={err('currency')} />
      <TagsInput label={t('field.synonyms')} value={d.synonyms} onChange={(synonyms) => set({ synonyms })} />
      <FormActions submit={t('measure.add')} onCancel={onDone} testId="model-measure-add" />
    </form>
  );
}

interface FormatTimeProps {
  d: MeasureDraft;
  set: (patch: Partial<MeasureDraft>) => void;
  currencyError?: string;
}

function FormatTime({ d, set, currencyError }: FormatTimeProps) {
  const { t } = useTranslation('models');
  const { view } = useEditor();
  const times = view.timeDimensions.filter((x) => !x.table || x.table === d.table);
  return (
    <Group grow align="flex-start">
      <Select
        label={t('field.format')}
        allowDeselect={false}
        value={d.format}
        data={MODEL_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
        onChange={(format) => set({ format: (format ?? 'number') as Format })}
      />
      {d.format === 'currency' ? (
        <TextInput
          label={t('field.currency')}
          placeholder="EUR"
          maxLength={3}
          value={d.currency}
          error={currencyError}
          onChange={(e) => set({ currency: e.currentTarget.value.toUpperCase() })}
        />
      ) : null}
      <Select
        label={t('field.time')}
        allowDeselect={false}
        value={d.time === '' ? DEFAULT_TIME : d.time === null ? NO_TIME : d.time}
        data={[
          { value: DEFAULT_TIME, label: t('measure.time_default') },
          { value: NO_TIME, label: t('field.time_none') },
          ...times.map((x) => ({ value: x.name, label: x.label })),
        ]}
        onChange={(v) => set({ time: v === DEFAULT_TIME || !v ? '' : v === NO_TIME ? null : v })}
      />
    </Group>
  );
}
