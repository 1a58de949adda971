import { describe, expect, it } from 'vitest';
import { validateForm } from '../../lib/contract';
import { PROFILE_RULES, profileBody, profileDefaults } from './profile';

const tenant = {
  name: 'Ada Lovelace',
  country: 'GB',
  timezone: 'Europe/London',
  organisation: null,
  position: 'Analyst',
  language: 'en-GB' as const,
  picture: null,
};

describe('profile form', () => {
  it('starts from the tenant with empty texts for absent values', () => {
    expect(profileDefaults(tenant)).toEqual({
      name: 'Ada Lovelace',
      country: 'GB',
      timezone: 'Europe/London',
      organisation: '',
      position: 'Analyst',
      language: 'en-GB',
      picture: '',
    });
  });
  it('requires name and country', () => {
    const errors = validateForm({ ...profileDefaults(tenant), name: '  ', country: '' }, PROFILE_RULES);
    expect(errors.name?.key).toBe('validation.required');
    expect(errors.country?.key).toBe('validation.required');
    expect(validateForm(profileDefaults(tenant), PROFILE_RULES)).toEqual({});
  });
  it('sends trimmed texts and null for empty optional fields and no photo', () => {
    expect(profileBody({ ...profileDefaults(tenant), name: ' Ada ', position: ' ' })).toEqual({
      name: 'Ada',
      country: 'GB',
      timezone: 'Europe/London',
      organisation: null,
      position: null,
      picture: null,
      language: 'en-GB',
    });
    expect(profileBody({ ...profileDefaults(tenant), picture: 'data:image/jpeg;base64,AA' }).picture).toBe(
      'data:image/jpeg;base64,AA',
    );
  });
});
