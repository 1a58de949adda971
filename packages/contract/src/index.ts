export * from './auth';
export * from './errors';
export * from './features';
export * from './semantic';
export * from './card';
export * from './validation';
export * from './password-strength';
export * from './profile';
