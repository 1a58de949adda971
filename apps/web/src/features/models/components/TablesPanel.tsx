import { Accordion, TextInput } from '@mantine/core';
import type { TModelView } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../editor-context';
import { setTableLabel } from '../overlay';
import { ColumnsList } from './ColumnsList';
import type { FieldBase } from './FieldEditor';
import { FieldRow } from './FieldRow';
import { JoinsEditor } from './JoinsEditor';

type View = TModelView;

type OnTable = (f: { table?: string }) => boolean;

/** The model's fields that `on` picks (one table's, or those of no listed table), as editor rows. */
function fieldsOf(view: View, on: OnTable) {
  const measures: FieldBase[] = view.measures.filter(on).map((m) => ({ ...m, kind: 'measure' }));
  const dimensions = view.dimensions.filter(on).map((d) => ({
    field: { ...d, kind: 'dimension' } as FieldBase,
    values: d.values,
  }));
  const times: FieldBase[] = view.timeDimensions
    .filter(on)
    .map((d) => ({ ...d, kind: 'time', synonyms: [] }));
  return { measures, dimensions, times };
}

/** The source's tables, each with its measures, dimensions, time dimensions, columns and joins. */
export function TablesPanel() {
  const { t } = useTranslation('models');
  const { view } = useEditor();
  const known = new Set(view.tables.map((x) => x.name));
  const loose = fieldsOf(view, (f) => !f.table || !known.has(f.table));
  return (
    <section className="panel model-tables" aria-labelledby="model-tables-title">
      <h2 className="panel-title" id="model-tables-title">
        {t('tables.title')}
      </h2>
      <Accordion multiple chevronPosition="left" data-testid="model-tables">
        {view.tables.map((table) => (
          <TableSection key={table.name} name={table.name} label={table.label} />
        ))}
      </Accordion>
      {loose.measures.length + loose.dimensions.length + loose.times.length > 0 ? (
        <div className="model-loose">
          <h3 className="model-subtitle">{t('tables.other_fields')}</h3>
          <FieldGroups {...loose} />
        </div>
      ) : null}
    </section>
  );
}

function TableSection({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('models');
  const editor = useEditor();
  const fields = fieldsOf(editor.view, (f) => f.table === name);
  const count = fields.measures.length + fields.dimensions.length + fields.times.length;
  return (
    <Accordion.Item value={name} data-testid="model-table" data-table={name}>
      <Accordion.Control>
        <span className="model-table-label">{editor.draft.tables[name]?.label ?? label}</span>{' '}
        <code>{name}</code> <span className="model-count">{t('tables.field_count', { count })}</span>
      </Accordion.Control>
      <Accordion.Panel>
        <TextInput
          label={t('tables.label')}
          placeholder={label}
          defaultValue={editor.draft.tables[name]?.label ?? ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            editor.edit((o) => setTableLabel(o, name, v));
          }}
          mb="sm"
        />
        <FieldGroups {...fields} />
        <ColumnsList table={name} />
        <JoinsEditor table={name} />
      </Accordion.Panel>
    </Accordion.Item>
  );
}

type Groups = ReturnType<typeof fieldsOf>;

function FieldGroups({ measures, dimensions, times }: Groups) {
  const { t } = useTranslation('models');
  const groups = [
    {
      key: 'measures',
      rows: measures.map((field) => ({ field, values: undefined as string[] | undefined })),
    },
    { key: 'dimensions', rows: dimensions },
    { key: 'time_dimensions', rows: times.map((field) => ({ field, values: undefined })) },
  ];
  return (
    <>
      {groups
        .filter((g) => g.rows.length > 0)
        .map((g) => (
          <div key={g.key} className="model-group">
            <h4 className="model-group-title">{t(`tables.${g.key}`)}</h4>
            <ul className="model-fields">
              {g.rows.map((r) => (
                <FieldRow key={r.field.name} field={r.field} values={r.values} />
              ))}
            </ul>
          </div>
        ))}
    </>
  );
}
