import { Button, Group, MultiSelect, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canRemove, useEditor } from '../editor-context';
import { addJoin, removeJoin, restoreJoin } from '../overlay';

interface JoinRow {
  from: string;
  to: string;
  fromColumns?: string[];
  toColumns?: string[];
  introspected: boolean;
  removed: boolean;
}

/** The joins from a table: the model's, those the draft adds, and introspected ones it removes. */
function joinsOf(editor: ReturnType<typeof useEditor>, table: string): JoinRow[] {
  const { view, draft } = editor;
  const added = draft.joins.add.filter((j) => j.from === table);
  const isAdded = (j: { from: string; to: string }) => added.some((a) => a.from === j.from && a.to === j.to);
  const savedAdded = (j: { from: string; to: string }) =>
    editor.saved.joins.add.some((a) => a.from === j.from && a.to === j.to);
  const removed = draft.joins.remove.filter((j) => j.from === table);
  const isRemoved = (j: { from: string; to: string }) =>
    removed.some((r) => r.from === j.from && r.to === j.to);
  const model = view.joins
    .filter((j) => j.from === table && !isAdded(j) && !savedAdded(j))
    .map((j) => ({ ...j, introspected: true, removed: isRemoved(j) }));
  const gone = removed
    .filter((r) => !model.some((m) => m.to === r.to))
    .map((r) => ({ ...r, introspected: true, removed: true }));
  return [...model, ...gone, ...added.map((j) => ({ ...j, introspected: false, removed: false }))];
}

const cols = (c?: string[]) => (c && c.length > 0 ? `(${c.join(', ')})` : '');

/** A table's joins: remove or bring back an introspected one, add one, take back an added one. */
export function JoinsEditor({ table }: { table: string }) {
  const { t } = useTranslation('models');
  const editor = useEditor();
  const rows = joinsOf(editor, table);
  const inSavedRemove = (to: string) =>
    editor.saved.joins.remove.some((r) => r.from === table && r.to === to);
  const inSavedAdd = (to: string) => editor.saved.joins.add.some((r) => r.from === table && r.to === to);
  return (
    <div className="model-group">
      <h4 className="model-group-title">{t('joins.title')}</h4>
      <ul className="model-joins">
        {rows.map((j) => (
          <li
            key={`${j.to}:${j.introspected}`}
            data-testid="model-join"
            data-to={j.to}
            data-removed={j.removed}
          >
            <span className={j.removed ? 'model-removed' : undefined}>
              {j.from}
              {cols(j.fromColumns)} → {j.to}
              {cols(j.toColumns)}
            </span>{' '}
            {j.removed ? (
              canRemove(editor, inSavedRemove(j.to)) ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => editor.edit((o) => restoreJoin(o, table, j.to))}
                >
                  {t('joins.restore')}
                </Button>
              ) : (
                <span className="model-badge">{t('joins.removed')}</span>
              )
            ) : j.introspected || canRemove(editor, inSavedAdd(j.to)) ? (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => editor.edit((o) => removeJoin(o, table, j.to, j.introspected))}
                aria-label={t('joins.remove_of', { from: j.from, to: j.to })}
                data-testid="model-join-remove"
              >
                {t('joins.remove')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <AddJoinForm table={table} />
    </div>
  );
}

function AddJoinForm({ table }: { table: string }) {
  const { t } = useTranslation('models');
  const { view, edit } = useEditor();
  const [fromColumns, setFromColumns] = useState<string[]>([]);
  const [to, setTo] = useState<string | null>(null);
  const [toColumns, setToColumns] = useState<string[]>([]);
  const columnsOf = (name: string | null) =>
    view.tables.find((x) => x.name === name)?.columns?.map((c) => c.name) ?? [];
  const ready = fromColumns.length > 0 && to !== null && toColumns.length === fromColumns.length;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!ready || to === null) return;
    edit((o) => addJoin(o, { from: table, fromColumns, to, toColumns }));
    setFromColumns([]);
    setTo(null);
    setToColumns([]);
  };
  return (
    <form
      className="model-inline-form"
      onSubmit={submit}
      aria-label={t('joins.add_title')}
      data-testid="model-join-form"
    >
      <Group grow align="flex-end">
        <MultiSelect
          label={t('joins.from_columns')}
          data={columnsOf(table)}
          value={fromColumns}
          onChange={setFromColumns}
        />
        <Select
          label={t('joins.to_table')}
          data={view.tables.filter((x) => x.name !== table).map((x) => ({ value: x.name, label: x.label }))}
          value={to}
          onChange={(v) => {
            setTo(v);
            setToColumns([]);
          }}
        />
        <MultiSelect
          label={t('joins.to_columns')}
          data={columnsOf(to)}
          value={toColumns}
          onChange={setToColumns}
        />
      </Group>
      <Group justify="flex-end" mt="xs">
        <Button type="submit" size="xs" variant="light" disabled={!ready} data-testid="model-join-add">
          {t('joins.add')}
        </Button>
      </Group>
    </form>
  );
}
