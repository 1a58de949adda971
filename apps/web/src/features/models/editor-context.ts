import type { TModelOverlay, TModelView } from '@parley/contract';
import { createContext, useContext } from 'react';

/** What every part of the editor reads and changes: the model view, the saved overlay and the draft. */
export interface Editor {
  id: string;
  view: TModelView;
  saved: TModelOverlay;
  draft: TModelOverlay;
  /** Applies a pure overlay edit (overlay.ts) to the draft. */
  edit: (change: (o: TModelOverlay) => TModelOverlay) => void;
  /** ADMIN_MODELS_DELETE: removing a saved customisation. */
  canDelete: boolean;
}

export const EditorContext = createContext<Editor | null>(null);

/** The editor of the page around; only ModelPage provides it. */
export function useEditor(): Editor {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor outside the model editor');
  return editor;
}

/**
 * Whether an entry may be removed: saved customisations need ADMIN_MODELS_DELETE; an entry only
 * in the unsaved draft can always be taken back.
 */
export function canRemove(editor: Editor, inSaved: boolean): boolean {
  return editor.canDelete || !inSaved;
}
