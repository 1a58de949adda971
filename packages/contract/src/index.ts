export * from './auth';
export * from './errors';
export * from './features';
