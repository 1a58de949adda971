import { describe, expect, it } from 'vitest';
import { isActive, NAV_ENTRIES, visibleEntries } from './nav';

describe('navigation', () => {
  it('shows only entries whose feature is enabled', () => {
    expect(visibleEntries([]).map((e) => e.name)).toEqual(['dashboard', 'logout']);
    expect(visibleEntries(['CONVERSATIONS', 'SETTINGS']).map((e) => e.name)).toEqual([
      'dashboard',
      'conversation',
      'settings',
      'logout',
    ]);
  });
  it('highlights the current entry', () => {
    const [dashboard, , collections] = NAV_ENTRIES;
    expect(isActive(dashboard, '/')).toBe(true);
    expect(isActive(dashboard, '/collections')).toBe(false);
    expect(isActive(collections, '/collection/7/new')).toBe(true);
  });
});
