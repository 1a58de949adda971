/** The Intelligence Suite (spec 2 §2–§9): the router lazy-loads the pages from their modules. */
export { ReportsWidget } from './components/ReportsWidget';
export { default as EmployeeGrowthFormPage } from './EmployeeGrowthFormPage';
export { reportKeys } from './hooks/useReports';
export { default as IntelligenceSuitePage } from './IntelligenceSuitePage';
export { default as OpportunityFormPage } from './OpportunityFormPage';
export { default as StrategyFormPage } from './StrategyFormPage';
