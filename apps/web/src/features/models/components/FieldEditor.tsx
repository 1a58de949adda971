import { Button, Group, Select, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { MODEL_FORMATS, type TFieldEdit } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canRemove, useEditor } from '../editor-context';
import { clearFieldEdit, setFieldEdit } from '../overlay';

export type FieldKind = 'measure' | 'dimension' | 'time';

/** A field as the model view shows it: the starting values of its editor. */
export interface FieldBase {
  name: string;
  label: string;
  kind: FieldKind;
  table?: string;
  description?: string;
  synonyms: string[];
  hidden?: boolean;
  format?: string;
  currency?: string;
  time?: string | null;
  /** The saved overlay already edits or defines it. */
  edited?: boolean;
}

/** A text input's own state: an emptied box stays empty while typing, and only text is committed. */
function useText(initial: string, commit: (text: string | undefined) => void) {
  const [text, setText] = useState(initial);
  const onChange = (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setText(value);
    commit(value.trim() === '' ? undefined : value);
  };
  return { value: text, onChange };
}

const MODEL_TIME = '__model';
const NO_TIME = '__none';

/** Rename, describe, hide, synonyms, and for a measure its format, currency and time dimension. */
export function FieldEditor({ field, onReset }: { field: FieldBase; onReset: () => void }) {
  const { t } = useTranslation('models');
  const editor = useEditor();
  const edit: TFieldEdit = editor.draft.fields[field.name] ?? {};
  const set = (patch: Partial<TFieldEdit>) => editor.edit((o) => setFieldEdit(o, field.name, patch));
  const inSaved = field.name in editor.saved.fields;
  const id = `field-${field.name}`;
  const label = useText(edit.label ?? field.label, (v) => set({ label: v }));
  const description = useText(edit.description ?? field.description ?? '', (v) => set({ description: v }));

  return (
    <div className="model-field-editor" data-testid="model-field-editor">
      <TextInput id={`${id}-label`} label={t('field.label')} {...label} />
      <Textarea label={t('field.description')} rows={2} {...description} />
      <TagsInput
        label={t('field.synonyms')}
        description={t('field.synonyms_hint')}
        value={edit.synonyms ?? field.synonyms}
        onChange={(synonyms) => set({ synonyms })}
        data-testid="model-field-synonyms"
      />
      <Switch
        label={t('field.hidden')}
        checked={edit.hidden ?? field.hidden ?? false}
        onChange={(e) => set({ hidden: e.currentTarget.checked })}
      />
      {field.kind === 'measure' ? <MeasureFormat field={field} edit={edit} set={set} /> : null}
      {Object.keys(edit).length > 0 && canRemove(editor, inSaved) ? (
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => {
              editor.edit((o) => clearFieldEdit(o, field.name));
              onReset();
            }}
            data-testid="model-field-reset"
          >
            {t('field.reset')}
          </Button>
        </Group>
      ) : null}
    </div>
  );
}

interface FormatProps {
  field: FieldBase;
  edit: TFieldEdit;
  set: (patch: Partial<TFieldEdit>) => void;
}

/** A measure's number format, currency code and the time dimension its periods are read by. */
function MeasureFormat({ field, edit, set }: FormatProps) {
  const { t } = useTranslation('models');
  const { view } = useEditor();
  const format = edit.format ?? field.format ?? 'number';
  const time = edit.time !== undefined ? edit.time : field.time;
  const times = view.timeDimensions.filter((d) => !field.table || !d.table || d.table === field.table);
  return (
    <Group grow align="flex-start">
      <Select
        label={t('field.format')}
        data={MODEL_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
        value={format}
        allowDeselect={false}
        onChange={(v) => v && set({ format: v as TFieldEdit['format'] })}
      />
      {format === 'currency' ? (
        <TextInput
          label={t('field.currency')}
          placeholder="EUR"
          maxLength={3}
          value={edit.currency ?? field.currency ?? ''}
          onChange={(e) => set({ currency: e.currentTarget.value.toUpperCase() || undefined })}
          error={
            edit.currency !== undefined && !/^[A-Z]{3}$/.test(edit.currency)
              ? t('errors.currency')
              : undefined
          }
        />
      ) : null}
      <Select
        label={t('field.time')}
        data={[
          { value: MODEL_TIME, label: t('field.time_model') },
          { value: NO_TIME, label: t('field.time_none') },
          ...times.map((d) => ({ value: d.name, label: d.label })),
        ]}
        value={time === undefined ? MODEL_TIME : time === null ? NO_TIME : time}
        allowDeselect={false}
        onChange={(v) => set({ time: v === MODEL_TIME || !v ? undefined : v === NO_TIME ? null : v })}
      />
    </Group>
  );
}
