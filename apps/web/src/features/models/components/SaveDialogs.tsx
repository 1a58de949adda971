import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { useEditor } from '../editor-context';
import type { useSaveModel } from '../hooks/useSaveModel';
import { BrokenList } from './BrokenList';

/** The impact preview before a save that breaks verified questions, and a refused save's message. */
export function SaveDialogs({ save }: { save: ReturnType<typeof useSaveModel> }) {
  const { t } = useTranslation('models');
  const { view, draft } = useEditor();
  const { state } = save;
  return (
    <>
      <ConfirmModal
        opened={state.phase === 'impact'}
        title={t('impact.title')}
        confirmLabel={t('impact.confirm')}
        color="red"
        onClose={save.dismiss}
        onConfirm={() => void save.confirm(draft, view.version)}
        testId="model-impact"
        text={
          <>
            <p>{t('impact.text')}</p>
            {state.phase === 'impact' ? (
              <BrokenList broken={state.broken} testId="model-impact-list" />
            ) : null}
          </>
        }
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
      />
      {state.phase === 'refused' ? (
        <Alert
          color="red"
          role="alert"
          title={t('save.refused')}
          withCloseButton
          closeButtonLabel={t('close')}
          onClose={save.dismiss}
          className="model-refused"
          data-testid="model-refused"
        >
          {state.message}
          {state.broken.length > 0 ? <BrokenList broken={state.broken} testId="model-refused-list" /> : null}
        </Alert>
      ) : null}
    </>
  );
}
