import '../datasources.css';
import '../i18n';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SourceChoice } from '../hooks/useSourceChoice';

/**
 * The conversation's compact data-source select (a native select: keyboard and screen readers
 * for free). Hidden when the user has no usable source.
 */
export function SourcePicker({ choice }: { choice: SourceChoice }) {
  const { t } = useTranslation('datasources');
  const id = useId();
  if (choice.options.length === 0 || choice.value === null) return null;
  return (
    <div className="source-picker" data-testid="source-picker">
      <label htmlFor={id}>{t('picker.label')}</label>
      <select
        id={id}
        className="source-picker-select"
        value={choice.value}
        onChange={(e) => choice.setValue(e.currentTarget.value)}
        title={t('picker.hint')}
        data-testid="source-select"
      >
        {choice.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
