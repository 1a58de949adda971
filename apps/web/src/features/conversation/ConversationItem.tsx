import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ThumbDownIcon, ThumbUpIcon } from '../../ui/icons';
import { SafeHtml } from '../../ui/SafeHtml';
import { AlertMeButton, alertTarget } from '../alerts';
import { AnalysisCard, type CardTool, type ChipChange, RememberThis } from '../cards';
import { AddToCollection, useCollectionsEnabled } from '../collections';
import type { ConvItem } from './conversation-api';
import { PromptView } from './PromptView';

export interface ConversationItemProps {
  item: ConvItem;
  last: boolean;
  onAsk: (phrase: string) => void;
  /** Re-asks the item as a chip change reads it. */
  onRequery?: (change: ChipChange) => void;
  onFeedback: (item: ConvItem, sentiment: 'positive' | 'negative') => void;
}

/** One question with its answer: phrase, loading, error bubble, texts, prompts and cards. */
export const ConversationItem = memo(function ConversationItem({
  item,
  last,
  onAsk,
  onRequery,
  onFeedback,
}: ConversationItemProps) {
  const { t, i18n } = useTranslation('conversation');
  const time = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(item.created),
    [item.created, i18n.language],
  );
  const answered = !item.loading && !item.error && item.responses.length > 0;
  // Every answer card offers "Add to collection" and "Alert me" with this item's question.
  const collect = useCollectionsEnabled();
  const tools = useMemo<CardTool[]>(() => {
    const alert: CardTool = ({ card, tabIndex }) =>
      alertTarget(card, item.phrase) ? (
        <AlertMeButton card={card} phrase={item.phrase} tabIndex={tabIndex} />
      ) : null;
    const add: CardTool = ({ card, tabIndex }) => (
      <AddToCollection card={card} phrase={item.phrase} tabIndex={tabIndex} />
    );
    return collect ? [add, alert] : [alert];
  }, [item.phrase, collect]);
  return (
    <div
      className="conv-item"
      data-testid="conversation-item"
      data-created={item.created}
      data-state={item.loading ? 'loading' : item.error ? 'error' : 'answered'}
    >
      <div className="conv-question">
        <div className="bubble bubble-question">
          <span className="visually-hidden">{t('you_asked')}: </span>
          {item.phrase}
        </div>
        <time className="conv-time" dateTime={new Date(item.created).toISOString()}>
          {time}
        </time>
      </div>
      <div className="conv-answer">
        {item.loading ? (
          <div
            className="bubble bubble-answer bubble-loading"
            role="status"
            aria-label={t('thinking')}
            data-testid="conversation-loading"
          >
            <span className="dot" />
            <span className="dot" />
            <span className="dot" />
          </div>
        ) : item.error ? (
          <div className="bubble bubble-error" role="alert" data-testid="conversation-error">
            {item.error}
          </div>
        ) : (
          item.responses.map((response, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an answer's parts keep their order
            <div key={i} className="conv-response">
              {response.text ? <SafeHtml html={response.text} className="bubble bubble-answer" /> : null}
              {response.prompt ? <PromptView prompt={response.prompt} onAsk={onAsk} /> : null}
              {response.card ? (
                <AnalysisCard
                  card={response.card}
                  questionId={response.question_id}
                  phrase={item.phrase}
                  onRequery={onRequery}
                  extraTools={tools}
                />
              ) : null}
              {response.card && item.change ? <RememberThis change={item.change} /> : null}
            </div>
          ))
        )}
        {last && answered ? (
          // biome-ignore lint/a11y/useSemanticElements: a group of two buttons, not a form section
          <div className="conv-feedback" role="group" aria-label={t('feedback_label')}>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('cards:feedback.thumbs_up')}
              title={t('cards:feedback.thumbs_up')}
              onClick={() => onFeedback(item, 'positive')}
              data-testid="thumbs-up"
            >
              <ThumbUpIcon />
            </button>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('cards:feedback.thumbs_down')}
              title={t('cards:feedback.thumbs_down')}
              onClick={() => onFeedback(item, 'negative')}
              data-testid="thumbs-down"
            >
              <ThumbDownIcon />
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
});
