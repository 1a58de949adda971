import '../i18n';
import 'react-grid-layout/css/styles.css';
import type { TCollection, TQuestion } from '@parley/contract';
import { type KeyboardEvent, useId, useMemo } from 'react';
import { type Layout, Responsive, useContainerWidth } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COLLECTION_GRID } from '../../../lib/contract';
import { EditIcon, GripIcon } from '../../../ui/icons';
import {
  breakpointFor,
  type Density,
  GRID_BREAKPOINTS,
  type GridStep,
  STORED_COLS,
  stepItem,
  toGridItems,
} from '../layout';
import { CollectionCard } from './CollectionCard';

type Box = { i: string; x: number; y: number; w: number; h: number };

export interface CollectionGridProps {
  collection: TCollection;
  /** The positions on screen (the page keeps them until saved). */
  layout: readonly Box[];
  density: Density;
  /** Whether the cards may ask on their own (the collection's call has settled). */
  ready: boolean;
  /** A drag, resize or keyboard step changed the positions. */
  onUserChange: (layout: Box[]) => void;
  /** The grid settled the positions by itself (compaction); not a change of the user's. */
  onSettle: (layout: Box[]) => void;
  onRemove: (question: TQuestion) => void;
}

/** Arrow keys move a card a cell; with Shift they resize it (spec 2 §5 bounds). */
function keyStep(e: KeyboardEvent): GridStep | null {
  const resize = e.shiftKey;
  switch (e.key) {
    case 'ArrowLeft':
      return resize ? { dw: -1 } : { dx: -1 };
    case 'ArrowRight':
      return resize ? { dw: 1 } : { dx: 1 };
    case 'ArrowUp':
      return resize ? { dh: -1 } : { dy: -1 };
    case 'ArrowDown':
      return resize ? { dh: 1 } : { dy: 1 };
    default:
      return null;
  }
}

const boxes = (layout: Layout): Box[] => layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));

/**
 * The collection's cards on react-grid-layout (spec 2 §9: columns lg 10, md 10, sm 6, xs 4,
 * xxs 2; rows of 120 px; gaps 8 compact / 20 cozy; w 2–5, h 2–4). Cards move by their handle
 * (mouse, touch or arrow keys) and resize from their corner (or Shift+arrows) on the 10-column
 * grid that is stored; narrower screens show the derived layout without editing.
 */
export function CollectionGrid({
  collection,
  layout,
  density,
  ready,
  onUserChange,
  onSettle,
  onRemove,
}: CollectionGridProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const breakpoint = breakpointFor(width);
  const editable = COLLECTION_GRID.cols[breakpoint] === STORED_COLS;
  const items = useMemo(() => toGridItems(layout.map((b) => ({ ...b }))), [layout]);
  const layouts = useMemo(() => ({ lg: items, md: items }), [items]);
  const margin = COLLECTION_GRID.margin[density];
  const questions = new Map(collection.questions.map((q) => [q.id, q]));

  const onKey = (id: string) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = keyStep(e);
    if (!step || !editable) return;
    e.preventDefault();
    onUserChange(stepItem(layout, id, step));
  };

  return (
    <div
      ref={containerRef}
      className={`cl-grid cl-grid-${density}${editable ? ' cl-grid-editable' : ''}`}
      data-testid="collection-grid"
      data-density={density}
    >
      <p id={hintId} className="visually-hidden">
        {t('collections:detail.move_hint')}
      </p>
      {mounted ? (
        <Responsive
          width={width}
          breakpoints={GRID_BREAKPOINTS}
          cols={COLLECTION_GRID.cols}
          layouts={layouts}
          rowHeight={COLLECTION_GRID.rowHeight}
          margin={[margin, margin]}
          containerPadding={[0, 0]}
          dragConfig={{ enabled: editable, handle: '.cc-drag' }}
          resizeConfig={{ enabled: editable, handles: ['se'] }}
          breakpoint={breakpoint}
          onLayoutChange={(current) => {
            if (editable) onSettle(boxes(current));
          }}
          onDragStop={(current) => onUserChange(boxes(current))}
          onResizeStop={(current) => onUserChange(boxes(current))}
        >
          {layout.map((item) => {
            const question = questions.get(item.i);
            if (!question) return null;
            return (
              <div key={item.i} className="cl-grid-item" data-testid="grid-item" data-id={item.i}>
                <CollectionCard
                  collection={collection}
                  question={question}
                  gridWidth={item.w}
                  ready={ready}
                  onRemove={() => onRemove(question)}
                  headerStart={
                    editable ? (
                      <button
                        type="button"
                        className="cl-icon-btn cc-tool cc-drag"
                        aria-label={t('collections:detail.move', { phrase: question.phrase })}
                        aria-describedby={hintId}
                        onKeyDown={onKey(item.i)}
                        data-testid="cc-drag"
                      >
                        <GripIcon size={15} />
                      </button>
                    ) : null
                  }
                  headerEnd={
                    <Link
                      to={`/collection/${collection.id}/${question.id}`}
                      className="cl-icon-btn cc-tool"
                      aria-label={t('collections:card.edit')}
                      title={t('collections:card.edit')}
                      data-testid="cc-edit"
                    >
                      <EditIcon size={15} />
                    </Link>
                  }
                />
              </div>
            );
          })}
        </Responsive>
      ) : null}
    </div>
  );
}
