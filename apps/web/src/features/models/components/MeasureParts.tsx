import { ActionIcon, Button, Checkbox, Group, Select, TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { assertNever } from '../../../lib/assert-never';
import { useEditor } from '../editor-context';
import type { Arith, ExprDraft, MeasureDraft, WhereDraft } from '../measure-form';

/** The columns of a table as the view lists them. */
export function useColumns() {
  const { view } = useEditor();
  return (table: string | null | undefined) => view.tables.find((x) => x.name === table)?.columns ?? [];
}

const OPS: { value: Arith; key: string }[] = [
  { value: '+', key: 'plus' },
  { value: '-', key: 'minus' },
  { value: '*', key: 'times' },
  { value: '/', key: 'divided' },
];

const isDate = (type: string) => /date|time/i.test(type);

/** The expression builder: a column, column op column, or days/hours between two date columns. */
export function ExprBuilder({ d, set }: { d: MeasureDraft; set: (expr: ExprDraft) => void }) {
  const { t } = useTranslation('models');
  const columns = useColumns()(d.table);
  const all = columns.map((c) => c.name);
  const dates = columns.filter((c) => isDate(c.type)).map((c) => c.name);
  const kinds = ['column', 'op', 'span', ...(d.agg === 'count' ? ['rows'] : [])];
  const e = d.expr;
  const pick = (label: string, data: string[], value: string, onChange: (v: string) => void) => (
    <Select label={label} data={data} value={value || null} onChange={(v) => onChange(v ?? '')} searchable />
  );
  return (
    <fieldset className="model-fieldset">
      <legend>{t('measure.expression')}</legend>
      <Select
        label={t('measure.expr_kind')}
        data={kinds.map((k) => ({ value: k, label: t(`measure.expr.${k}`) }))}
        value={e.kind}
        allowDeselect={false}
        onChange={(k) => set(blankExpr((k ?? 'column') as ExprDraft['kind']))}
        data-testid="model-expr-kind"
      />
      <Group grow align="flex-end">
        {e.kind === 'column'
          ? pick(t('measure.column'), all, e.column, (column) => set({ ...e, column }))
          : null}
        {e.kind === 'op' ? (
          <>
            {pick(t('measure.left'), all, e.left, (left) => set({ ...e, left }))}
            <Select
              label={t('measure.operator')}
              data={OPS.map((o) => ({ value: o.value, label: t(`measure.ops.${o.key}`) }))}
              value={e.op}
              allowDeselect={false}
              onChange={(op) => set({ ...e, op: (op ?? '+') as Arith })}
            />
            {pick(t('measure.right'), all, e.right, (right) => set({ ...e, right }))}
          </>
        ) : null}
        {e.kind === 'span' ? (
          <>
            <Select
              label={t('measure.span_unit')}
              data={[
                { value: 'day', label: t('measure.days') },
                { value: 'hour', label: t('measure.hours') },
              ]}
              value={e.span}
              allowDeselect={false}
              onChange={(span) => set({ ...e, span: span === 'hour' ? 'hour' : 'day' })}
            />
            {pick(t('measure.from'), dates.length > 0 ? dates : all, e.from, (from) => set({ ...e, from }))}
            {pick(t('measure.to'), dates.length > 0 ? dates : all, e.to, (to) => set({ ...e, to }))}
          </>
        ) : null}
      </Group>
    </fieldset>
  );
}

function blankExpr(kind: ExprDraft['kind']): ExprDraft {
  switch (kind) {
    case 'rows':
      return { kind };
    case 'column':
      return { kind, column: '' };
    case 'op':
      return { kind, left: '', op: '+', right: '' };
    case 'span':
      return { kind, span: 'day', from: '', to: '' };
    default:
      return assertNever(kind);
  }
}

/** The measure's table and the tables it joins, where a filter's column may be. */
function useFilterTables(table: string): string[] {
  const { view } = useEditor();
  return [table, ...view.joins.filter((j) => j.from === table).map((j) => j.to)];
}

/** Filters on values: a column of the measure's table or a joined one, and values from its samples. */
export function WhereList({ d, set }: { d: MeasureDraft; set: (where: WhereDraft[]) => void }) {
  const { t } = useTranslation('models');
  const columnsOf = useColumns();
  const tables = useFilterTables(d.table);
  const change = (i: number, patch: Partial<WhereDraft>) =>
    set(d.where.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  return (
    <fieldset className="model-fieldset">
      <legend>{t('measure.filters')}</legend>
      {d.where.map((w, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: filters have no identity but their place
        <Group key={i} grow align="flex-end" data-testid="model-where">
          <Select
            label={t('measure.filter_table')}
            data={tables}
            value={w.table || d.table}
            allowDeselect={false}
            onChange={(table) => change(i, { table: table ?? d.table, column: '', values: [] })}
          />
          <Select
            label={t('measure.column')}
            data={columnsOf(w.table || d.table).map((c) => c.name)}
            value={w.column || null}
            searchable
            onChange={(column) => change(i, { column: column ?? '', values: [] })}
          />
          <TagsInput
            label={t('measure.values')}
            value={w.values}
            onChange={(values) => change(i, { values })}
            data={columnsOf(w.table || d.table).find((c) => c.name === w.column)?.samples ?? []}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('measure.remove_filter')}
            style={{ flexGrow: 0 }}
            onClick={() => set(d.where.filter((_, j) => j !== i))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="xs"
        variant="subtle"
        onClick={() => set([...d.where, { table: d.table, column: '', values: [] }])}
        data-testid="model-where-add"
      >
        {t('measure.add_filter')}
      </Button>
    </fieldset>
  );
}

/** "Only rows that have a related row in" a table, its column matched to one of the measure's table. */
export function ExistsPicker({ d, set }: { d: MeasureDraft; set: (exists: MeasureDraft['exists']) => void }) {
  const { t } = useTranslation('models');
  const { view } = useEditor();
  const columnsOf = useColumns();
  const e = d.exists;
  const choose = (table: string | null) => {
    // A join from the related table to this one already says which columns match.
    const join = view.joins.find((j) => j.from === table && j.to === d.table);
    set(
      table ? { table, column: join?.fromColumns?.[0] ?? '', refColumn: join?.toColumns?.[0] ?? '' } : null,
    );
  };
  return (
    <fieldset className="model-fieldset">
      <Checkbox
        label={t('measure.exists')}
        checked={e !== null}
        onChange={(ev) => set(ev.currentTarget.checked ? { table: '', column: '', refColumn: '' } : null)}
      />
      {e ? (
        <Group grow align="flex-end" mt="xs">
          <Select
            label={t('measure.exists_table')}
            data={view.tables.filter((x) => x.name !== d.table).map((x) => x.name)}
            value={e.table || null}
            onChange={choose}
          />
          <Select
            label={t('measure.exists_column')}
            data={columnsOf(e.table).map((c) => c.name)}
            value={e.column || null}
            onChange={(column) => set({ ...e, column: column ?? '' })}
          />
          <Select
            label={t('measure.exists_ref')}
            data={columnsOf(d.table).map((c) => c.name)}
            value={e.refColumn || null}
            onChange={(refColumn) => set({ ...e, refColumn: refColumn ?? '' })}
          />
        </Group>
      ) : null}
    </fieldset>
  );
}
