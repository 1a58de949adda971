import { ActionIcon, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { canRemove, useEditor } from '../editor-context';
import { removeValueEdit, setValueEdit } from '../overlay';

/** A dimension's values: a label for each code ("AG" → "Agent") and other words for it. */
export function ValuesEditor({ dimension, values }: { dimension: string; values: string[] }) {
  const { t } = useTranslation('models');
  return (
    <table className="model-values" data-testid="model-values">
      <thead>
        <tr>
          <th scope="col">{t('values.value')}</th>
          <th scope="col">{t('values.label')}</th>
          <th scope="col">{t('values.synonyms')}</th>
          <th scope="col">
            <span className="sr-only">{t('values.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {values.map((value) => (
          <ValueRow key={value} dimension={dimension} value={value} />
        ))}
      </tbody>
    </table>
  );
}

function ValueRow({ dimension, value }: { dimension: string; value: string }) {
  const { t } = useTranslation('models');
  const editor = useEditor();
  const same = (v: { dimension: string; value: string }) => v.dimension === dimension && v.value === value;
  const edit = editor.draft.values.find(same);
  const inSaved = editor.saved.values.some(same);
  const modelLabel = editor.view.dimensions.find((d) => d.name === dimension)?.valueLabels?.[value];
  // Read the value's edit from the draft being changed, so quick edits in a row never undo each other.
  const set = (patch: { label?: string; synonyms?: string[] }) =>
    editor.edit((o) => {
      const now = o.values.find(same);
      return setValueEdit(o, {
        dimension,
        value,
        label: now?.label,
        synonyms: now?.synonyms ?? [],
        ...patch,
      });
    });
  return (
    <tr data-testid="model-value" data-value={value}>
      <th scope="row">
        <code>{value}</code>
      </th>
      <td>
        <TextInput
          size="xs"
          aria-label={t('values.label_of', { value })}
          placeholder={modelLabel ?? ''}
          defaultValue={edit?.label ?? ''}
          onChange={(e) => set({ label: e.currentTarget.value })}
        />
      </td>
      <td>
        <TagsInput
          size="xs"
          aria-label={t('values.synonyms_of', { value })}
          value={edit?.synonyms ?? []}
          onChange={(synonyms) => set({ synonyms })}
        />
      </td>
      <td>
        {edit && canRemove(editor, inSaved) ? (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('values.remove', { value })}
            onClick={() => editor.edit((o) => removeValueEdit(o, dimension, value))}
          >
            ×
          </ActionIcon>
        ) : null}
      </td>
    </tr>
  );
}
