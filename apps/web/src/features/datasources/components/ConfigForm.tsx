import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { assertNever } from '../../../lib/assert-never';
import { FORM_MODE, type RulesFor, useRulesResolver } from '../../../ui/form';
import {
  type ConfigField,
  type ConfigValues,
  configOf,
  type DatasourceType,
  failureText,
  initialValues,
  NAME_RULES,
} from '../datasources';
import { useCreateDatasource } from '../hooks/useCredentials';
import { TONES } from './tones';

interface Props {
  type: DatasourceType;
  fields: readonly ConfigField[];
  onConnected: (datasourceId: string) => void;
  onCancel: () => void;
}

/**
 * A connection form (PostgreSQL, D1, Formbricks): the connection's name plus the type's config
 * fields. The server tests the connection before it stores anything; its refusal stays on the
 * form ('Invalid configuration provided.') beside the toast, so the user can correct a field.
 */
export function ConfigForm({ type, fields, onConnected, onCancel }: Props) {
  const { t } = useTranslation('datasources');
  const create = useCreateDatasource();
  const [refusal, setRefusal] = useState<string | null>(null);
  const rules = useMemo(() => {
    const r: RulesFor<ConfigValues> = { name: NAME_RULES };
    for (const f of fields) if (f.rules) r[f.key] = f.rules;
    return r;
  }, [fields]);
  const resolver = useRulesResolver<ConfigValues>(rules);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ConfigValues>({ ...FORM_MODE, resolver, defaultValues: initialValues(fields) });
  const prefix = `ds-${type.type.toLowerCase()}`;

  const submit = handleSubmit((values) => {
    setRefusal(null);
    create.mutate(
      { type: type.type, name: String(values.name).trim(), config: configOf(fields, values) },
      {
        onSuccess: ({ datasource_id }) => onConnected(datasource_id),
        onError: (err) => setRefusal(failureText(err, t, 'messages.failed_to_connect')),
      },
    );
  });

  const errorOf = (key: string) => {
    const e = errors[key];
    return typeof e?.message === 'string' ? e.message : undefined;
  };

  const input = (f: ConfigField) => {
    const common = {
      label: t(`form.${f.key}`),
      required: typeof f.rules === 'string' && f.rules.split('|').includes('required'),
      error: errorOf(f.key),
      placeholder: f.placeholderKey ? t(f.placeholderKey) : undefined,
      description: f.hintKey ? t(f.hintKey) : undefined,
      autoComplete: f.autoComplete ?? 'off',
      'data-testid': `${prefix}-${f.key}`,
    };
    switch (f.kind) {
      case 'switch':
        return (
          <Controller
            key={f.key}
            control={control}
            name={f.key}
            render={({ field }) => (
              <Switch
                label={t(`form.${f.key}`)}
                description={f.hintKey ? t(f.hintKey) : undefined}
                styles={{ description: { color: 'var(--c-muted)' } }}
                checked={field.value === true}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                onBlur={field.onBlur}
                ref={field.ref}
                data-testid={`${prefix}-${f.key}`}
              />
            )}
          />
        );
      case 'password':
        return <PasswordInput key={f.key} {...common} {...register(f.key)} />;
      case 'number':
        return <TextInput key={f.key} inputMode="numeric" {...common} {...register(f.key)} />;
      case 'text':
        return <TextInput key={f.key} {...common} {...register(f.key)} />;
      default:
        return assertNever(f.kind);
    }
  };

  // A field marked `beside` shares the row of the one before it (host and port, user and password).
  const rows: ConfigField[][] = [];
  for (const f of fields) {
    const last = rows[rows.length - 1];
    if (last && last.length === 1 && f.beside) last.push(f);
    else rows.push([f]);
  }

  return (
    <form onSubmit={submit} noValidate data-testid={`${prefix}-form`}>
      <Stack gap="sm">
        <TextInput
          label={t('form.name')}
          placeholder={t('form.name_placeholder')}
          required
          autoComplete="off"
          error={errorOf('name')}
          data-autofocus
          data-testid={`${prefix}-name`}
          {...register('name')}
        />
        {rows.map((row) =>
          row.length === 1 ? (
            input(row[0])
          ) : (
            <SimpleGrid key={row[0].key} cols={{ base: 1, xs: 2 }} spacing="sm">
              {row.map(input)}
            </SimpleGrid>
          ),
        )}
        {refusal ? (
          <Alert color="red" variant="light" role="alert" data-testid="ds-form-error">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="xs">
          <Button
            variant="default"
            onClick={onCancel}
            disabled={create.isPending}
            data-testid="ds-form-cancel"
          >
            {t('back')}
          </Button>
          <Button type="submit" color={TONES.accent} loading={create.isPending} data-testid="ds-form-submit">
            {t('form.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
