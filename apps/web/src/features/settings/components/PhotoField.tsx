import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoModal } from './PhotoModal';

/** Initials for the avatar fallback ("Ada Lovelace" → "AL"). */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** The photo of a form: the avatar and a button opening the photo modal. */
export function PhotoField(props: {
  value: string | null;
  name: string;
  onChange: (picture: string | null) => void;
  /** Marks the field as optional (onboarding). */
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Group gap="md" wrap="nowrap" data-testid="photo-field">
      <Avatar
        src={props.value || null}
        alt={props.value ? t('settings:photo_alt') : ''}
        size={80}
        radius={80}
        color="brand"
        data-testid="photo-preview"
      >
        {initials(props.name)}
      </Avatar>
      <Stack gap={4} align="flex-start">
        <Text size="sm" fw={500}>
          {t('settings:photo')}
          {props.optional ? (
            <Text span size="sm" c="dimmed">
              {' '}
              ({t('settings:optional')})
            </Text>
          ) : null}
        </Text>
        <Button variant="default" size="xs" onClick={() => setOpened(true)} data-testid="photo-change">
          {props.value ? t('settings:photo_change') : t('settings:photo_add')}
        </Button>
      </Stack>
      <PhotoModal
        opened={opened}
        current={props.value || null}
        onClose={() => setOpened(false)}
        onChange={props.onChange}
      />
    </Group>
  );
}
