import './conversation.css';
import './i18n';
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FeedbackIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { htmlToText } from '../../ui/safe-html';
import { type ChipChange, FeedbackDialog, type FeedbackMode } from '../cards';
import { SourcePicker } from '../datasources';
import { useSession } from '../session';
import { readAloudEnabled, SpeakerToggle, setReadAloud, speak } from '../speech';
import { ConversationItem } from './ConversationItem';
import type { ConvItem } from './conversation-api';
import { dayLabel, groupByDay } from './days';
import { useConversation } from './hooks/useConversation';
import { useFavourites } from './hooks/useFavourites';
import { usePickedSource } from './hooks/usePickedSource';
import { useSuggestions } from './hooks/useSuggestions';
import { SearchBox } from './SearchBox';
import { StarterQuestions } from './StarterQuestions';

/** Distance from the top (px) that loads older history. */
const LOAD_OLDER_AT = 80;
/** A second scroll after charts have laid out (spec 2 §9: scroll delay 500 ms). */
const SCROLL_DELAY_MS = 500;
/** Questions of `?q=` already asked, so a re-render or StrictMode never asks twice. */
const askedKeys = new Set<string>();

function speechText(item: ConvItem): string {
  return item.responses
    .map((r) => [r.text, r.card ? `${r.card.title}. ${r.card.text}` : ''].filter(Boolean).join(' '))
    .map(htmlToText)
    .join(' ');
}

/** The conversation screen (spec 2 §2). */
export default function ConversationPage() {
  const { t, i18n } = useTranslation('conversation');
  const location = useLocation();
  const navigate = useNavigate();
  const { config } = useSession();
  const projectId =
    config?.project_id ?? (typeof window === 'undefined' ? '' : window.location.hostname.split('.')[0]);
  const { picker, source, picked } = usePickedSource();
  const { items, ready, hasMore, loadingOlder, ask, requery, loadOlder } = useConversation(source.value);
  const scrollRef = useRef<HTMLDivElement>(null);
  const pendingScroll = useRef<'bottom' | { keepFromBottom: number } | null>('bottom');
  const [readAloud, setReadAloudState] = useState(readAloudEnabled);
  const readAloudRef = useRef(readAloud);
  readAloudRef.current = readAloud;
  const [feedback, setFeedback] = useState<{ mode: FeedbackMode; item: ConvItem | null } | null>(null);
  const [slideUp] = useState(() => location.hash === '#dashboard');

  const favourites = useFavourites();
  const suggestions = useSuggestions(picked);

  const askAndRead = useCallback(
    async (phrase: string, datasourceId?: string) => {
      pendingScroll.current = 'bottom';
      const done = await ask(phrase, undefined, datasourceId);
      pendingScroll.current = 'bottom';
      if (done && !done.error && readAloudRef.current) speak(speechText(done), i18n.language);
    },
    [ask, i18n.language],
  );

  // ?q= from the dashboard: asked once on arrival, then removed so a reload does not ask again.
  useEffect(() => {
    const q = new URLSearchParams(location.search).get('q');
    if (!q || askedKeys.has(location.key)) return;
    askedKeys.add(location.key);
    void navigate({ pathname: location.pathname, search: '', hash: '' }, { replace: true });
    void askAndRead(q);
  }, [location.key, location.search, location.pathname, navigate, askAndRead]);

  // Scrolling: to the bottom for new questions and answers; kept in place when older items arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every change of the item list
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const mode = pendingScroll.current;
    if (!el || !mode) return;
    if (mode === 'bottom') {
      el.scrollTop = el.scrollHeight;
      const timer = setTimeout(() => {
        el.scrollTop = el.scrollHeight;
      }, SCROLL_DELAY_MS);
      return () => clearTimeout(timer);
    }
    el.scrollTop = el.scrollHeight - mode.keepFromBottom;
    pendingScroll.current = null;
  }, [items, ready]);

  const older = useCallback(async () => {
    const el = scrollRef.current;
    if (!el || loadingOlder || !hasMore) return;
    pendingScroll.current = { keepFromBottom: el.scrollHeight - el.scrollTop };
    const n = await loadOlder();
    if (n === 0) pendingScroll.current = null;
  }, [hasMore, loadOlder, loadingOlder]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    if (pendingScroll.current === 'bottom' && el.scrollHeight - el.scrollTop - el.clientHeight > 40) {
      pendingScroll.current = null; // the user scrolled away; stop pinning to the bottom
    }
    if (
      ready &&
      el.scrollTop < LOAD_OLDER_AT &&
      hasMore &&
      !loadingOlder &&
      el.scrollHeight > el.clientHeight
    ) {
      void older();
    }
  };

  const onFeedback = useCallback((item: ConvItem, sentiment: 'positive' | 'negative') => {
    setFeedback({ mode: sentiment, item });
  }, []);

  const onAsk = useCallback((phrase: string) => void askAndRead(phrase), [askAndRead]);
  // A starter is about its own source: asked there, and the picker shows it for what follows.
  const { setValue: showSource } = picker;
  const onStarter = useCallback(
    (phrase: string, datasourceId: string | undefined) => {
      if (datasourceId) showSource(datasourceId);
      void askAndRead(phrase, datasourceId);
    },
    [askAndRead, showSource],
  );

  // A chip change re-answers at once, as the conversation's next item (like a picked prompt).
  const onRequery = useCallback(
    (change: ChipChange) => {
      pendingScroll.current = 'bottom';
      void requery(change).then(() => {
        pendingScroll.current = 'bottom';
      });
    },
    [requery],
  );

  const groups = useMemo(() => groupByDay(items, (i) => i.created), [items]);
  const now = new Date();
  const lastCreated = items[items.length - 1]?.created;
  const lastCard = useMemo(() => {
    for (let i = items.length - 1; i >= 0; i--) {
      const card = items[i].responses.find((r) => r.card)?.card;
      if (card) return card;
    }
    return null;
  }, [items]);
  const feedbackCard = feedback?.item
    ? (feedback.item.responses.find((r) => r.card)?.card ?? null)
    : lastCard;

  return (
    <section
      className="conversation-page"
      data-testid="page-conversation"
      data-transition={slideUp ? 'slide-up' : undefined}
    >
      <header className="conversation-header">
        <div>
          <h1 className="page-title">{t('title')}</h1>
          <p className="page-subtitle">{t('subtitle')}</p>
        </div>
        <button
          type="button"
          className="btn btn-default"
          onClick={() => setFeedback({ mode: 'general', item: null })}
          data-testid="general-feedback"
        >
          <FeedbackIcon />
          <span>{t('cards:feedback.open_general')}</span>
        </button>
      </header>
      <div
        ref={scrollRef}
        className="conversation-scroll"
        onScroll={onScroll}
        role="log"
        aria-label={t('log_label')}
        data-testid="conversation-log"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling log must be reachable by keyboard
        tabIndex={0}
      >
        {ready && hasMore && items.length > 0 ? (
          <div className="load-earlier">
            <button
              type="button"
              className="btn btn-subtle"
              onClick={() => void older()}
              disabled={loadingOlder}
              data-testid="load-earlier"
            >
              {loadingOlder ? <Spinner size={14} label={t('loading_earlier')} /> : null}
              {t('load_earlier')}
            </button>
          </div>
        ) : null}
        {!ready ? (
          <div className="conversation-empty">
            <Spinner size={22} label={t('cards:loading')} />
          </div>
        ) : items.length === 0 ? (
          <StarterQuestions data={suggestions.data} onAsk={onStarter} />
        ) : (
          groups.map((group) => (
            <Fragment key={group.day}>
              <div className="day-separator" data-testid="day-separator">
                <span>
                  {dayLabel(new Date(group.day), now, i18n.language, {
                    today: t('today'),
                    yesterday: t('yesterday'),
                  })}
                </span>
              </div>
              {group.items.map((item) => (
                <ConversationItem
                  key={item.created}
                  item={item}
                  last={item.created === lastCreated}
                  onAsk={onAsk}
                  onRequery={onRequery}
                  onFeedback={onFeedback}
                />
              ))}
            </Fragment>
          ))
        )}
      </div>
      <SearchBox
        projectId={projectId}
        favourites={favourites.data ?? []}
        onSubmit={onAsk}
        autoFocus
        actions={
          <SpeakerToggle
            on={readAloud}
            onChange={(on) => {
              setReadAloud(on);
              setReadAloudState(on);
            }}
          />
        }
      />
      <SourcePicker choice={source} />
      {feedback ? (
        <FeedbackDialog
          opened
          mode={feedback.mode}
          onClose={() => setFeedback(null)}
          phrase={feedback.item?.phrase ?? ''}
          card={feedbackCard}
        />
      ) : null}
    </section>
  );
}
