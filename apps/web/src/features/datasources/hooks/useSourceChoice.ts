import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultSourceId, sourceLabel, usableSources } from '../datasources';
import { useSources } from './useCredentials';
import '../i18n';

export interface SourceChoice {
  /** The usable sources (active, not revoked), the demo named "Demo data". */
  options: { id: string; label: string }[];
  /** The chosen source's id; null when the user has none. */
  value: string | null;
  setValue: (id: string) => void;
}

/**
 * Which source the conversation asks: the user's pick while it stays usable, else their
 * default (then the demo, then the first active one). Not stored: a new visit starts at the default.
 */
export function useSourceChoice(): SourceChoice {
  const { t } = useTranslation('datasources');
  const { sources } = useSources();
  const [picked, setPicked] = useState<string | null>(null);
  const options = useMemo(
    () => usableSources(sources).map((s) => ({ id: s.id, label: sourceLabel(s, t) })),
    [sources, t],
  );
  const value = picked !== null && options.some((o) => o.id === picked) ? picked : defaultSourceId(sources);
  return { options, value, setValue: setPicked };
}
