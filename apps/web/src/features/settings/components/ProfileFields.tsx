import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProfileFieldValues } from '../profile';
import { countryOptions, timezoneOptions } from '../reference';
import { PhotoField } from './PhotoField';

interface ProfileFieldsProps<T extends ProfileFieldValues> {
  /** The page's form; its values hold at least the shared fields (PROFILE_FIELD_RULES validate them). */
  form: UseFormReturn<T>;
  /** Prefix of the fields' test ids: `onboarding-name`, `profile-name`, … */
  testIdPrefix: 'onboarding' | 'profile';
  /** Shown beside the name, which then takes half the row (the profile's read-only e-mail). */
  besideName?: ReactNode;
  /** The photo's initials when no name is typed yet. */
  fallbackName?: string;
  /** Marks the photo as optional (onboarding). */
  photoOptional?: boolean;
  /** A saved time zone the browser does not list, offered first so that it stays selectable. */
  keepTimezone?: string | null;
}

type SharedForm = UseFormReturn<ProfileFieldValues>;

/** Photo, name, country, time zone, organisation and position: the fields onboarding and the profile share. */
export function ProfileFields<T extends ProfileFieldValues>(props: ProfileFieldsProps<T>) {
  const { t } = useTranslation();
  // The shared fields are the same paths in every form that holds them; the generic form cannot say so.
  const form = props.form as unknown as SharedForm;
  const errors = form.formState.errors;
  const id = (field: keyof ProfileFieldValues) => `${props.testIdPrefix}-${field}`;
  const text = (field: 'name' | 'organisation' | 'position', autoComplete: string, required = false) => (
    <TextInput
      label={t(`settings:${field}`)}
      required={required}
      autoComplete={autoComplete}
      error={errors[field]?.message}
      data-testid={id(field)}
      {...form.register(field)}
    />
  );
  const name = text('name', 'name', true);

  return (
    <>
      <PhotoField
        optional={props.photoOptional}
        value={form.watch('picture') || null}
        name={form.watch('name') || props.fallbackName || ''}
        onChange={(picture) => form.setValue('picture', picture ?? '', { shouldDirty: true })}
      />
      {props.besideName ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {name}
          {props.besideName}
        </SimpleGrid>
      ) : (
        name
      )}
      <PlaceSelects form={form} id={id} keepTimezone={props.keepTimezone} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('organisation', 'organization')}
        {text('position', 'organization-title')}
      </SimpleGrid>
    </>
  );
}

/** Country and time zone, both required and searchable. */
function PlaceSelects(props: {
  form: SharedForm;
  id: (field: 'country' | 'timezone') => string;
  keepTimezone?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const timezones = useMemo(() => {
    const zones = timezoneOptions();
    const own = props.keepTimezone;
    return own && !zones.includes(own) ? [own, ...zones] : zones;
  }, [props.keepTimezone]);
  const errors = props.form.formState.errors;
  const select = (
    name: 'country' | 'timezone',
    label: string,
    data: Array<string | { value: string; label: string }>,
  ) => (
    <Controller
      control={props.form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          required
          searchable
          allowDeselect={false}
          data={data}
          limit={name === 'timezone' ? 100 : undefined}
          value={field.value || null}
          onChange={(v) => field.onChange(v ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          error={errors[name]?.message}
          nothingFoundMessage={t('common.nothing_found')}
          data-testid={props.id(name)}
        />
      )}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {select('country', t('settings:country'), countries)}
      {select('timezone', t('settings:timezone'), timezones)}
    </SimpleGrid>
  );
}
