import { Alert, Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { queryChips } from '../chips';
import { useEditor } from '../editor-context';
import { useTryPhrase } from '../hooks/useModel';

/** "Try a question": how a phrase is read with the unsaved draft, as chips, or the question back. */
export function TryBox() {
  const { t } = useTranslation('models');
  const { id, view, draft } = useEditor();
  const attempt = useTryPhrase(id);
  const [phrase, setPhrase] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (phrase.trim()) attempt.mutate({ phrase: phrase.trim(), overlay: draft });
  };
  const result = attempt.data;
  return (
    <section className="panel model-try" aria-labelledby="model-try-title">
      <h2 className="panel-title" id="model-try-title">
        {t('try.title')}
      </h2>
      <form onSubmit={submit} data-testid="model-try-form">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t('try.label')}
            placeholder={t('try.placeholder')}
            value={phrase}
            onChange={(e) => setPhrase(e.currentTarget.value)}
            style={{ flex: 1 }}
            data-testid="model-try-input"
          />
          <Button
            type="submit"
            loading={attempt.isPending}
            disabled={!phrase.trim()}
            data-testid="model-try-submit"
          >
            {t('try.submit')}
          </Button>
        </Group>
      </form>
      <div aria-live="polite">
        {attempt.isError ? (
          <Alert color="red" mt="sm" data-testid="model-try-error">
            {errorMessage(attempt.error, t('try.failed'))}
          </Alert>
        ) : null}
        {result?.query ? (
          <ul className="model-chips" aria-label={t('try.understood')} data-testid="model-try-chips">
            {queryChips(result.query, view, t).map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: chips of one reading, in its order
              <li key={i} className={`model-chip model-chip-${c.kind}`} data-kind={c.kind}>
                <span className="model-chip-kind">{t(`chips.${c.kind}`)}</span> {c.text}
              </li>
            ))}
          </ul>
        ) : result ? (
          <p className="model-try-back" data-testid="model-try-back">
            {result.text ?? t('try.no_reading')}
          </p>
        ) : null}
      </div>
    </section>
  );
}
