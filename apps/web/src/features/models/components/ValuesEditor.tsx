import { ActionIcon, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { canRemove, useEditor } from '../editor-context';
import { removeValueEdit, setValueEdit } from '../overlay';

/** A dimension's values: a label for each code ("AG" → "Agent") and other words for it. */
export function ValuesEditor({ dimension, values }: { dimension: string; values: string[] }) {
  const { t } = useTranslation('models');
  const editor = useEditor();
  const labels = editor.view.dimensions.find((d) => d.name === dimension)?.valueLabels ?? {};
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
        {values.map((value) => {
          const edit = editor.draft.values.find((v) => v.dimension === dimension && v.value === value);
          const inSaved = editor.saved.values.some((v) => v.dimension === dimension && v.value === value);
          const set = (patch: { label?: string; synonyms?: string[] }) =>
            editor.edit((o) =>
              setValueEdit(o, {
                dimension,
                value,
                label: patch.label ?? edit?.label,
                synonyms: patch.synonyms ?? edit?.synonyms ?? [],
              }),
            );
          return (
            <tr key={value} data-testid="model-value" data-value={value}>
              <th scope="row">
                <code>{value}</code>
              </th>
              <td>
                <TextInput
                  size="xs"
                  aria-label={t('values.label_of', { value })}
                  placeholder={labels[value] ?? ''}
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
        })}
      </tbody>
    </table>
  );
}
