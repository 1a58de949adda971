import { useMemo, useState } from 'react';
import { type SourceChoice, useSourceChoice } from '../../datasources';

/**
 * The conversation's source choice, remembering whether the user picked it themselves: the
 * starters follow their pick; until they pick, the starters are about their own source.
 * `picker` changes the choice without counting as the user's pick (a starter shows its source).
 */
export function usePickedSource(): { picker: SourceChoice; source: SourceChoice; picked: string | null } {
  const picker = useSourceChoice();
  const [picked, setPicked] = useState<string | null>(null);
  const source = useMemo(
    () => ({
      ...picker,
      setValue: (id: string) => {
        setPicked(id);
        picker.setValue(id);
      },
    }),
    [picker],
  );
  return { picker, source, picked };
}
