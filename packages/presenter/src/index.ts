/** Public API of the card presenter: escaping, locale-aware formatting, CSV/TSV, export file names and card rendering. Pure. */

export * from './card-columns';
export * from './card-html';
export * from './card-parts';
export * from './card-summary';
export * from './card-text';
export * from './chart';
export * from './csv';
export * from './escape';
export * from './export-file';
export * from './format';
export * from './speech';
