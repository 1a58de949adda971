import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { nameFromLabel } from '../measure-form';

interface NameProps {
  label: string;
  name: string;
  errors: Record<string, string>;
  onChange: (patch: { label?: string; name?: string }) => void;
  testId: string;
}

/** A definition's label and name; the name defaults to one made from the label. */
export function NameFields({ label, name, errors, onChange, testId }: NameProps) {
  const { t } = useTranslation('models');
  return (
    <Group grow align="flex-start">
      <TextInput
        label={t('form.label')}
        value={label}
        required
        error={errors.label ? t(errors.label) : undefined}
        onChange={(e) => onChange({ label: e.currentTarget.value })}
        data-testid={testId}
      />
      <TextInput
        label={t('form.name')}
        value={name}
        placeholder={nameFromLabel(label)}
        error={errors.name ? t(errors.name) : undefined}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
      />
    </Group>
  );
}

/** Cancel and the form's submit button. */
export function FormActions({
  submit,
  onCancel,
  testId,
}: {
  submit: string;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useTranslation('models');
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" data-testid={testId}>
        {submit}
      </Button>
    </Group>
  );
}

/** An error line under a part of a form, read out when it appears. */
export function FormError({ error }: { error?: string }) {
  const { t } = useTranslation('models');
  return error ? (
    <p className="model-error" role="alert">
      {t(error)}
    </p>
  ) : null;
}
