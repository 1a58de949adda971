/** Every icon of the app, grouped by file: one import path for all of them. */
export * from './actions';
export * from './arrows';
export * from './brands';
export * from './cards';
export * from './feedback';
export * from './icon';
export * from './navigation';
export * from './objects';
export * from './status';
export * from './voice';
