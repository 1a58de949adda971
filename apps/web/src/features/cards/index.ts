/** Analysis cards: carousel, chart, table, exports and feedback, with their `cards` texts. */
import './i18n';

export { AnalysisCard } from './AnalysisCard';
export { FeedbackDialog, type FeedbackMode } from './FeedbackDialog';
export { useElementWidth, useInView, useViewportWidth } from './hooks/useViewport';
export { RememberThis } from './RememberThis';
export type { ChipChange } from './understood';
export { ViewCarousel, type ViewCarouselHandle } from './ViewCarousel';
export { buildViews, chooseView, isChartView, isSplitView, stepView, type ViewType } from './views';
