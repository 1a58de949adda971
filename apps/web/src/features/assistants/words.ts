import type { AssistantKind } from '@parley/contract';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import { ChatIcon, type IconProps, PlugIcon, SpeakerIcon } from '../../ui/icons';

/**
 * The scopes the consent view explains in words, as their text keys: `scope.<scope>` with `:` spelled
 * `_` (i18next reads a colon as a namespace); any other scope is named as it is.
 */
const KNOWN_SCOPES = new Set(['email', 'ask', 'collections_read']);

/** One line per scope, in the user's language ("ask questions about your data sources"). */
export function scopeLines(scopes: readonly string[], t: TFunction<'assistants'>): string[] {
  return [...new Set(scopes)].map((scope) => {
    const key = scope.replace(/:/g, '_');
    return KNOWN_SCOPES.has(key) ? t(`scope.${key}`) : t('scope.other', { scope });
  });
}

/** The kind's icon: a voice assistant, a chat bot, a connected AI assistant. */
export const KIND_ICONS: Record<AssistantKind, ComponentType<IconProps>> = {
  alexa: SpeakerIcon,
  msbot: ChatIcon,
  mcp: PlugIcon,
};
