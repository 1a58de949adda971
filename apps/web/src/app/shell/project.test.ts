import { describe, expect, it } from 'vitest';
import { currentProjectId, filterProjects, projectUrl } from './project';

describe('project switch', () => {
  const loc = { protocol: 'https:', hostname: 'acme.parley.example', port: '' };
  it('reads the project from the first host label', () => {
    expect(currentProjectId('acme.parley.example')).toBe('acme');
  });
  it('replaces the first label', () => {
    expect(projectUrl('globex', loc)).toBe('https://globex.parley.example/');
    expect(projectUrl('globex', { protocol: 'http:', hostname: 'acme.localhost', port: '8080' })).toBe(
      'http://globex.localhost:8080/',
    );
  });
  it('filters by name or id', () => {
    const projects = { acme: { name: 'Acme' }, globex: { name: 'Globex Corp' } };
    expect(filterProjects(projects, 'corp').map((p) => p.id)).toEqual(['globex']);
    expect(filterProjects(projects, '').map((p) => p.id)).toEqual(['acme', 'globex']);
  });
});
