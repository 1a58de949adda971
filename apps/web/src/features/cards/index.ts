/** Analysis cards: carousel, chart, table, exports and feedback, with their `cards` texts. */
import './i18n';

export { AnalysisCard, CardDetailDialog, type CardTool } from './AnalysisCard';
export { FeedbackDialog, type FeedbackMode } from './FeedbackDialog';
export { useCardViews } from './hooks/useCardViews';
export { useElementWidth, useInView, useViewportWidth } from './hooks/useViewport';
export { RememberThis } from './RememberThis';
export type { ChipChange } from './understood';
export { ViewCarousel, type ViewCarouselHandle } from './ViewCarousel';
export { buildViews, chooseView, isChartView, isSplitView, stepView, type ViewType } from './views';
