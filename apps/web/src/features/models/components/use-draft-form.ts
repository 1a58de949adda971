import type { TModelOverlay } from '@parley/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../editor-context';
import type { FormResult } from '../measure-form';

/**
 * A definition form's draft: its fields, their error keys (translated by `err`), and a submit that
 * turns the draft into an overlay entry and lays it on the editor's draft overlay, or shows why not.
 */
export function useDraftForm<D, V>(
  initial: D | (() => D),
  fromDraft: (d: D) => FormResult<V>,
  apply: (overlay: TModelOverlay, value: V) => TModelOverlay,
  onDone: () => void,
) {
  const { t } = useTranslation('models');
  const { edit } = useEditor();
  const [d, setD] = useState<D>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<D>) => setD((x) => ({ ...x, ...patch }));
  const err = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = fromDraft(d);
    if (!result.ok) return setErrors(result.errors);
    edit((o) => apply(o, result.value));
    onDone();
  };
  return { d, set, errors, err, submit };
}
