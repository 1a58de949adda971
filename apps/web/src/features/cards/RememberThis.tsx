import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeachWord, useVerifyQuestion } from './hooks/useRemember';
import type { ChipChange, TeachTarget } from './understood';

/** "Teach '<word>' = <choice>": the word prefilled with what the new reading leaves unexplained, editable. */
function TeachRow({ change, target }: { change: ChipChange; target: TeachTarget }) {
  const { t } = useTranslation('cards');
  const wordId = useId();
  const [word, setWord] = useState(change.word);
  const [taught, setTaught] = useState(false);
  const teach = useTeachWord();
  const trimmed = word.trim();

  const onTeach = () => {
    if (!trimmed) return;
    teach.mutate(
      { body: { datasource_id: change.sourceId, word: trimmed, target }, choice: change.choice },
      { onSuccess: () => setTaught(true) },
    );
  };

  return (
    <div className="remember-teach">
      <label htmlFor={wordId} className="visually-hidden">
        {t('remember.word')}
      </label>
      <input
        id={wordId}
        className="remember-word"
        value={word}
        maxLength={100}
        onChange={(e) => setWord(e.currentTarget.value)}
        disabled={taught}
        data-testid="remember-word"
      />
      <span>{t('remember.means', { choice: change.choice })}</span>
      <button
        type="button"
        className="btn btn-default"
        onClick={onTeach}
        disabled={!trimmed || teach.isPending || taught}
        data-testid="remember-teach"
      >
        {t('remember.teach_button', { word: trimmed, choice: change.choice })}
      </button>
    </div>
  );
}

/**
 * "Remember this" under the card a chip change answered: teach the word the
 * user meant as a synonym of the chosen part, or verify the question as now answered.
 */
export function RememberThis({ change }: { change: ChipChange }) {
  const { t } = useTranslation('cards');
  const verify = useVerifyQuestion({ done: t('remember.verified'), failed: t('remember.failed') });
  return (
    <section className="remember-this" aria-label={t('remember.title')} data-testid="remember-this">
      <h3 className="remember-title">{t('remember.title')}</h3>
      {/* A period or comparison names no part of the model: there is no word to teach, only the question to verify. */}
      {change.teach ? <TeachRow change={change} target={change.teach} /> : null}
      <button
        type="button"
        className="btn btn-default"
        onClick={() =>
          verify.mutate({ sourceId: change.sourceId, phrase: change.phrase, query: change.query })
        }
        disabled={verify.isPending || verify.isSuccess}
        data-testid="remember-verify"
      >
        {t('remember.verify')}
      </button>
    </section>
  );
}
