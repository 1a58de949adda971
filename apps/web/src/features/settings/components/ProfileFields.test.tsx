import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { useForm } from 'react-hook-form';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MODE, useRulesResolver } from '../../../ui/form';
import { stubMatchMedia, stubResizeObserver } from '../../../ui/ui.testkit';
import { PROFILE_FIELD_RULES, type ProfileFieldValues } from '../profile';
import { ProfileFields } from './ProfileFields';

beforeAll(async () => {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  i18next.addResourceBundle(
    'en-US',
    'translation',
    (await import('../../../i18n/locales/en-US')).default,
    true,
  );
  stubMatchMedia();
  stubResizeObserver();
});
afterEach(cleanup);

const EMPTY: ProfileFieldValues = {
  name: '',
  country: '',
  timezone: '',
  organisation: '',
  position: '',
  picture: '',
};

function Host(props: { prefix: 'onboarding' | 'profile'; beside?: boolean }) {
  const resolver = useRulesResolver<ProfileFieldValues>(PROFILE_FIELD_RULES);
  const form = useForm<ProfileFieldValues>({ ...FORM_MODE, resolver, defaultValues: EMPTY });
  return (
    <MantineProvider>
      <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
        <ProfileFields
          form={form}
          testIdPrefix={props.prefix}
          besideName={props.beside ? <span data-testid="beside" /> : undefined}
        />
        <button type="submit">go</button>
      </form>
    </MantineProvider>
  );
}

describe('ProfileFields', () => {
  it.each([
    ['onboarding', false],
    ['profile', true],
  ] as const)('names every field with the %s test ids (beside the name: %s)', (prefix, beside) => {
    render(<Host prefix={prefix} beside={beside} />);
    expect(screen.getByTestId('photo-field')).toBeTruthy();
    for (const field of ['name', 'country', 'timezone', 'organisation', 'position'])
      expect(screen.getByTestId(`${prefix}-${field}`), field).toBeTruthy();
    expect(screen.queryByTestId('beside') !== null).toBe(beside);
  });

  it('validates with the shared rules: name, country and time zone are required', async () => {
    render(<Host prefix="onboarding" />);
    fireEvent.click(screen.getByText('go'));
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(3));
  });
});
