import type { TCardView, TCollection, TQuestion } from '@parley/contract';
import type { ReactNode } from 'react';
import { AlertMeButton } from '../../alerts';
import { useCardAnswer } from '../hooks/useCardAnswers';
import { useRememberView } from '../hooks/useCollections';
import { viewOf } from '../layout';
import { CompactCard } from './CompactCard';

export interface CollectionCardProps {
  collection: TCollection;
  question: TQuestion;
  /** The card's width in grid columns. */
  gridWidth: number;
  /** Whether the card may ask on its own (the collection's call has settled). */
  ready: boolean;
  onRemove?: () => void;
  headerStart?: ReactNode;
  headerEnd?: ReactNode;
  testId?: string;
}

/**
 * A saved card with its answer: refreshed every `interval` minutes, its chosen view remembered
 * in the collection's layout (spec 2 §4).
 */
export function CollectionCard({
  collection,
  question,
  gridWidth,
  ready,
  onRemove,
  headerStart,
  headerEnd,
  testId,
}: CollectionCardProps) {
  const answer = useCardAnswer(collection.id, question.id, { interval: question.interval, enabled: ready });
  const remember = useRememberView();
  const storedView = viewOf(collection.layout, question.id) ?? question.selectedChartType;
  const onViewChange = (view: TCardView) =>
    remember.mutate({ collectionId: collection.id, questionId: question.id, view });
  return (
    <CompactCard
      phrase={question.phrase}
      answer={{
        data: answer.data,
        error: answer.error,
        pending: answer.isPending,
        fetching: answer.isFetching,
        updatedAt: answer.dataUpdatedAt,
        retry: () => void answer.refetch(),
      }}
      period={question.date_range}
      interval={question.interval}
      gridWidth={gridWidth}
      storedView={storedView}
      onViewChange={onViewChange}
      onRemove={onRemove}
      headerStart={headerStart}
      headerEnd={headerEnd}
      footerTool={(card) => (
        <AlertMeButton
          card={card}
          phrase={question.phrase}
          sourceId={question.data_adapter}
          className="cl-icon-btn cc-tool"
          iconSize={15}
        />
      )}
      testId={testId}
    />
  );
}
