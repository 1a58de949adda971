/** Deep research reports (arrive with a later release); the router lazy-loads the pages from their modules. */
export { default as IntelligenceSuitePage } from './IntelligenceSuitePage';
export { default as OpportunityFormPage } from './OpportunityFormPage';
export { default as StrategyFormPage } from './StrategyFormPage';
