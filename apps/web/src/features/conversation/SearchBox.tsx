import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../lib/contract';
import { CloseIcon, MicIcon, SendIcon } from '../../ui/icons';
import { useSpeechRecognition } from '../speech';
import { addHistory, buildEntries, readHistory, removeHistory } from './history';
import './i18n';

/** Suggestion list height limit (spec 2 §2). */
const SUGGESTIONS_MAX_HEIGHT = 294;

export interface SearchBoxProps {
  projectId: string;
  favourites: readonly { phrase: string; count: number }[];
  onSubmit: (phrase: string) => void;
  /** Extra controls beside the send button (the speaker toggle). */
  actions?: ReactNode;
  /** Hides the microphone (tests). */
  speech?: boolean;
  /** Focus the box on arrival (without opening the suggestions), on devices with a fine pointer. */
  autoFocus?: boolean;
}

/** Whether a key press goes into a text field (where "/" is a character, not a shortcut). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type)
  );
}

/**
 * The question box (spec 2 §2): recent searches and "you may ask" suggestions; arrows move the
 * highlight and fill the text, Enter submits, Escape hides the list, Delete or the clear icon
 * removes a recent search; an empty question is never sent.
 */
export function SearchBox({
  projectId,
  favourites,
  onSubmit,
  actions,
  speech = true,
  autoFocus = false,
}: SearchBoxProps) {
  const { t } = useTranslation('conversation');
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [history, setHistory] = useState<string[]>(() => readHistory(projectId));
  const [typed, setTyped] = useState('');
  const [value, setValue] = useState('');
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [highlight, setHighlight] = useState(-1);

  // A focus we gave (on arrival) leaves the suggestions closed until the user types or asks for them.
  const quietFocus = useRef(false);

  const entries = useMemo(() => buildEntries(history, favourites, typed), [history, favourites, typed]);

  useEffect(() => {
    if (!autoFocus || !window.matchMedia?.('(pointer: fine)').matches) return;
    quietFocus.current = true;
    inputRef.current?.focus({ preventScroll: true });
  }, [autoFocus]);

  // "/" focuses the box from anywhere on the page, except while typing in another field or in a dialog.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      if (isTyping(e.target) || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      e.preventDefault();
      inputRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const open = focused && !dismissed && entries.length > 0;

  const submit = (phrase: string) => {
    const text = phrase.trim();
    if (!text) return;
    setHistory(addHistory(projectId, text));
    setValue('');
    setTyped('');
    setHighlight(-1);
    setDismissed(true);
    onSubmit(text);
  };

  const { listening, toggle: toggleMic } = useSpeechRecognition((text) => {
    setValue(text);
    submit(text);
  });

  const remove = (phrase: string) => {
    setHistory(removeHistory(projectId, phrase));
    setHighlight(-1);
  };

  const move = (delta: number) => {
    if (entries.length === 0) return;
    setDismissed(false);
    const next =
      highlight < 0
        ? delta > 0
          ? 0
          : entries.length - 1
        : (highlight + delta + entries.length) % entries.length;
    setHighlight(next);
    setValue(entries[next].phrase);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        move(-1);
        break;
      case 'Enter':
        e.preventDefault();
        submit(value);
        break;
      case 'Escape':
        if (open) e.preventDefault();
        setDismissed(true);
        setHighlight(-1);
        break;
      case 'Delete': {
        const entry = open && highlight >= 0 ? entries[highlight] : null;
        if (entry?.kind === 'history') {
          e.preventDefault();
          remove(entry.phrase);
          setValue(typed);
        }
        break;
      }
    }
  };

  const historyEntries = entries.map((e, i) => ({ ...e, index: i })).filter((e) => e.kind === 'history');
  const favouriteEntries = entries.map((e, i) => ({ ...e, index: i })).filter((e) => e.kind === 'favourite');
  const optionId = (i: number) => `${id}-opt-${i}`;

  const group = (label: string, list: typeof historyEntries, kind: 'history' | 'favourite') =>
    list.length > 0 ? (
      // biome-ignore lint/a11y/useSemanticElements: an ARIA group inside a listbox, as the combobox pattern needs
      <div role="group" aria-label={label} className="suggestion-group" data-testid={`suggestions-${kind}`}>
        <div className="suggestion-heading" aria-hidden="true">
          {label}
        </div>
        {list.map((entry) => (
          <div
            key={`${kind}-${entry.phrase}`}
            id={optionId(entry.index)}
            role="option"
            tabIndex={-1}
            aria-selected={entry.index === highlight}
            className="suggestion"
            data-highlighted={entry.index === highlight || undefined}
            data-testid="suggestion"
            // mousedown keeps the focus in the box; click then asks.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => submit(entry.phrase)}
            onKeyDown={() => undefined}
          >
            <span className="suggestion-text">{entry.phrase}</span>
            {kind === 'history' ? (
              <span
                className="suggestion-remove"
                aria-hidden="true"
                title={t('remove_history')}
                data-testid="suggestion-remove"
                onMouseDown={(e) => e.preventDefault()}
                onClick={(e) => {
                  e.stopPropagation();
                  remove(entry.phrase);
                }}
              >
                <CloseIcon size={14} />
              </span>
            ) : null}
          </div>
        ))}
      </div>
    ) : null;

  return (
    <div className="search-box" data-testid="conversation-search">
      <search>
        <form
          className="search-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit(value);
          }}
        >
          <input
            ref={inputRef}
            className="search-input"
            type="text"
            role="combobox"
            aria-label={t('search_label')}
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && highlight >= 0 ? optionId(highlight) : undefined}
            aria-describedby={`${id}-hint`}
            aria-keyshortcuts="/"
            placeholder={t('search_placeholder')}
            value={value}
            maxLength={LIMITS.PHRASE}
            autoComplete="off"
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setTyped(e.currentTarget.value);
              setHighlight(-1);
              setDismissed(false);
            }}
            onFocus={() => {
              setFocused(true);
              setDismissed(quietFocus.current);
              quietFocus.current = false;
            }}
            onClick={() => setDismissed(false)}
            onBlur={() => {
              setFocused(false);
              setHighlight(-1);
            }}
            onKeyDown={onKeyDown}
            data-testid="conversation-input"
          />
          <span id={`${id}-hint`} className="visually-hidden">
            {t('remove_hint')}
          </span>
          <div className="search-actions">
            {speech ? (
              <button
                type="button"
                className="icon-btn"
                aria-pressed={listening}
                aria-label={listening ? t('speech:stop_listening') : t('speech:start_listening')}
                title={listening ? t('speech:stop_listening') : t('speech:start_listening')}
                onClick={toggleMic}
                data-listening={listening || undefined}
                data-testid="mic-toggle"
              >
                <MicIcon />
              </button>
            ) : null}
            {actions}
            <button
              type="submit"
              className="send-btn"
              aria-label={t('send')}
              title={t('send')}
              disabled={!value.trim()}
              data-testid="conversation-send"
            >
              <SendIcon />
            </button>
          </div>
        </form>
      </search>
      <div
        id={listId}
        role="listbox"
        aria-label={t('suggestions')}
        className="suggestions"
        hidden={!open}
        style={{ maxHeight: SUGGESTIONS_MAX_HEIGHT }}
        data-testid="suggestions"
      >
        {open ? (
          <>
            {group(t('history'), historyEntries, 'history')}
            {group(t('you_may_ask'), favouriteEntries, 'favourite')}
          </>
        ) : null}
      </div>
    </div>
  );
}
