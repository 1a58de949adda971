import './guide.css';
import './i18n';
import type { TGuideState } from '@parley/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseIcon, SkipIcon, TickIcon } from '../../ui/icons';
import { useGuide, useUpdateGuide } from './useGuide';

type StepStatus = 'done' | 'skipped' | 'todo';

function Step({
  n,
  status,
  title,
  text,
  testId,
  children,
}: {
  n: number;
  status: StepStatus;
  title: string;
  text: string;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('guide');
  const label = status === 'done' ? t('done') : status === 'skipped' ? t('skipped') : t('not_done');
  return (
    <li className="guide-step" data-status={status} data-testid={testId}>
      <span className="guide-mark" aria-hidden="true">
        {status === 'done' ? <TickIcon size={16} /> : status === 'skipped' ? <SkipIcon size={16} /> : n}
      </span>
      <div className="guide-body">
        <h3 className="guide-step-title">
          {title}
          <span className="visually-hidden"> — {label}</span>
        </h3>
        <p className="guide-step-text">{text}</p>
        {children ? <div className="guide-actions">{children}</div> : null}
      </div>
    </li>
  );
}

/** How many of the three steps are done (a skipped assistant counts: it is the user's choice). */
export function guideProgress(state: TGuideState): number {
  const assistant = state.assistant.done || state.assistant.skipped;
  return [state.data_source.done, assistant, state.all_set].filter(Boolean).length;
}

/**
 * The dashboard's Getting started guide (spec 2 "Other named screen areas"): connect a data source,
 * link to an assistant, all set — each ticked from the server's state, dismissible for good.
 */
export function GettingStarted() {
  const { t } = useTranslation('guide');
  const guide = useGuide();
  const update = useUpdateGuide();
  const state = guide.data;
  if (!state || state.dismissed) return null;
  const { data_source: data, assistant } = state;
  const busy = update.isPending;
  return (
    <section className="panel guide" aria-labelledby="guide-title" data-testid="getting-started">
      <header className="guide-head">
        <div>
          <h2 className="panel-title" id="guide-title">
            {t('title')}
          </h2>
          <p className="guide-progress" data-testid="guide-progress">
            {t('progress', { done: guideProgress(state) })}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-subtle guide-close"
          aria-label={t('dismiss_label')}
          title={t('dismiss_label')}
          disabled={busy}
          onClick={() => update.mutate({ dismissed: true })}
          data-testid="guide-dismiss-x"
        >
          <CloseIcon size={16} />
        </button>
      </header>
      <ol className="guide-steps">
        <Step
          n={1}
          status={data.done ? 'done' : 'todo'}
          title={t('data_source.title')}
          text={data.done ? t('data_source.done', { count: data.count }) : t('data_source.todo')}
          testId="guide-step-data-source"
        >
          {data.done ? null : (
            <Link to="/user/datasources" className="btn btn-primary" data-testid="guide-add-source">
              {t('data_source.action')}
            </Link>
          )}
        </Step>
        <Step
          n={2}
          status={assistant.done ? 'done' : assistant.skipped ? 'skipped' : 'todo'}
          title={t('assistant.title')}
          text={
            assistant.done
              ? t('assistant.done', { count: assistant.linked })
              : assistant.skipped
                ? t('assistant.skipped')
                : t('assistant.todo')
          }
          testId="guide-step-assistant"
        >
          {assistant.done ? null : (
            <>
              <Link to="/user/assistants" className="btn btn-primary" data-testid="guide-link-assistant">
                {t('assistant.action')}
              </Link>
              <button
                type="button"
                className="btn btn-default"
                disabled={busy}
                onClick={() => update.mutate({ assistant_skipped: !assistant.skipped })}
                data-testid={assistant.skipped ? 'guide-undo-skip' : 'guide-skip-assistant'}
              >
                {assistant.skipped ? t('assistant.undo') : t('assistant.skip')}
              </button>
            </>
          )}
        </Step>
        <Step
          n={3}
          status={state.all_set ? 'done' : 'todo'}
          title={t('all_set.title')}
          text={state.all_set ? t('all_set.done') : t('all_set.todo')}
          testId="guide-step-all-set"
        >
          {state.all_set ? (
            <>
              <Link to="/conversation" className="btn btn-primary" data-testid="guide-ask">
                {t('all_set.action')}
              </Link>
              <button
                type="button"
                className="btn btn-default"
                disabled={busy}
                onClick={() => update.mutate({ dismissed: true })}
                data-testid="guide-dismiss"
              >
                {t('dismiss')}
              </button>
            </>
          ) : null}
        </Step>
      </ol>
    </section>
  );
}
