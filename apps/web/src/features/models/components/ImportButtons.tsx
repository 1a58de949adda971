import { Alert, Button, FileButton, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { useEditor } from '../editor-context';
import { useDbtImport, useYamlImport } from '../hooks/useModel';
import { DbtResult } from './DbtResult';

/** Reads a chosen file as text (Blob.text where the browser has it, else a FileReader). */
function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** Import YAML (the whole model back from a file) and Import dbt (a project's semantic models). */
export function ImportButtons() {
  const { t } = useTranslation('models');
  const { id } = useEditor();
  const yaml = useYamlImport(id);
  const dbt = useDbtImport(id);

  const importYaml = async (file: File | null) => {
    if (file) yaml.mutate(await readText(file));
  };
  const importDbt = async (files: File[]) => {
    if (files.length === 0) return;
    const read = await Promise.all(files.map(async (f) => ({ name: f.name, content: await readText(f) })));
    dbt.mutate({ files: read });
  };

  return (
    <>
      <FileButton onChange={(f) => void importYaml(f)} accept=".yaml,.yml,text/yaml">
        {(props) => (
          <Button variant="default" loading={yaml.isPending} data-testid="model-import-yaml" {...props}>
            {t('yaml.import')}
          </Button>
        )}
      </FileButton>
      <FileButton onChange={(f) => void importDbt(f)} accept=".yaml,.yml" multiple>
        {(props) => (
          <Button variant="default" loading={dbt.isPending} data-testid="model-import-dbt" {...props}>
            {t('dbt.import')}
          </Button>
        )}
      </FileButton>
      {yaml.isError ? (
        <ImportError
          title={t('yaml.failed')}
          error={yaml.error}
          onClose={yaml.reset}
          testId="model-yaml-error"
        />
      ) : null}
      {dbt.isError ? (
        <ImportError title={t('dbt.failed')} error={dbt.error} onClose={dbt.reset} testId="model-dbt-error" />
      ) : null}
      <Modal
        opened={dbt.isSuccess}
        onClose={() => dbt.reset()}
        title={t('dbt.result_title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {dbt.data ? <DbtResult result={dbt.data} /> : null}
      </Modal>
    </>
  );
}

interface ImportErrorProps {
  title: string;
  error: unknown;
  onClose: () => void;
  testId: string;
}

/** A refused import: the server's message (a YAML error names its line). */
function ImportError({ title, error, onClose, testId }: ImportErrorProps): ReactNode {
  const { t } = useTranslation('models');
  return (
    <Alert
      color="red"
      role="alert"
      title={title}
      withCloseButton
      closeButtonLabel={t('close')}
      onClose={onClose}
      className="model-import-error"
      data-testid={testId}
    >
      {errorMessage(error, title)}
    </Alert>
  );
}
