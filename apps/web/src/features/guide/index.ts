export { GettingStarted } from './GettingStarted';
export { guideKeys } from './useGuide';
