import '../i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { type TCollection, type TCollectionForm, ZCollectionForm } from '@parley/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LIMITS, NOTIFICATION_FREQUENCIES } from '../../../lib/contract';
import { ACCENT } from '../../../ui/colours';
import { FORM_MODE } from '../../../ui/form';
import { translateMessage, updateBody } from '../collections';
import { useCreateCollection, useUpdateCollection } from '../hooks/useCollections';

/** The select's value for "no digest" (a select option cannot be null). */
const NONE = 'none';

type FormInput = z.input<typeof ZCollectionForm>;

export interface CollectionFormModalProps {
  opened: boolean;
  /** The collection edited; null creates one. */
  collection: TCollection | null;
  onClose: () => void;
}

/**
 * The create/edit dialog (spec 2 §2): name and e-mail notification frequency, validated by the
 * contract's schema; Save stays disabled while the name is blank (spec 2 §5).
 */
export function CollectionFormModal({ opened, collection, onClose }: CollectionFormModalProps) {
  const { t } = useTranslation();
  const create = useCreateCollection();
  const update = useUpdateCollection();
  const busy = create.isPending || update.isPending;
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<FormInput, unknown, TCollectionForm>({
    ...FORM_MODE,
    resolver: zodResolver(ZCollectionForm),
    defaultValues: {
      name: collection?.name ?? '',
      notification_frequency: collection?.notification_frequency ?? null,
    },
  });
  const blank = (watch('name') ?? '').trim() === '';

  const submit = handleSubmit((values) => {
    const digest = values.notification_frequency !== null;
    if (collection) {
      update.mutate(
        {
          body: updateBody(collection, {
            name: values.name,
            notification_frequency: values.notification_frequency,
          }),
          texts: {
            success: 'collections:messages.updated',
            failure: 'collections:messages.failed_to_update',
          },
        },
        { onSuccess: onClose },
      );
    } else {
      create.mutate(
        { name: values.name, notification_frequency: values.notification_frequency, digest },
        { onSuccess: onClose },
      );
    }
  });

  const frequencies = [
    { value: NONE, label: t('collections:form.frequency_none') },
    ...NOTIFICATION_FREQUENCIES.map((f) => ({ value: f, label: t(`collections:frequency.${f}`) })),
  ];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={collection ? t('collections:form.edit_title') : t('collections:form.create_title')}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="collection-form-modal"
    >
      <form onSubmit={submit} noValidate data-testid="collection-form">
        <Stack gap="md">
          <TextInput
            label={t('collections:form.name')}
            placeholder={t('collections:form.name_placeholder')}
            maxLength={LIMITS.COLLECTION_NAME}
            data-autofocus
            error={errors.name?.message ? translateMessage(errors.name.message, t) : undefined}
            data-testid="collection-name"
            {...register('name')}
          />
          <Controller
            control={control}
            name="notification_frequency"
            render={({ field }) => (
              <Select
                label={t('collections:form.frequency')}
                data={frequencies}
                allowDeselect={false}
                value={field.value ?? NONE}
                onChange={(v) => field.onChange(v === NONE || v === null ? null : v)}
                onBlur={field.onBlur}
                ref={field.ref}
                comboboxProps={{ withinPortal: true }}
                data-testid="collection-frequency"
              />
            )}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy} data-testid="collection-form-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color={ACCENT}
              loading={busy}
              disabled={blank}
              data-testid="collection-form-save"
            >
              {t('collections:form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
