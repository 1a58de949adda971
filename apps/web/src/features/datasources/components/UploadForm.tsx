import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { TUploadResponse } from '@parley/contract';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText, formatBytes, isUploadable, percentOf, UPLOAD_ACCEPT } from '../datasources';
import { useUploadDatasource } from '../hooks/useCredentials';
import { TONES } from './tones';
import { UploadSummary } from './UploadSummary';

interface Props {
  onConnected: (datasourceId: string) => void;
  onCancel: () => void;
}

/**
 * FILE sources: a drop zone (a button that also opens the file chooser) for one CSV or Parquet
 * file, uploaded with a progress bar; Back during the upload aborts it. Once stored, what the
 * file was understood as is shown until the user is done with it.
 */
export function UploadForm({ onConnected, onCancel }: Props) {
  const { t, i18n } = useTranslation('datasources');
  const upload = useUploadDatasource();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const [result, setResult] = useState<TUploadResponse | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const take = (chosen: File | undefined | null) => {
    if (!chosen) return;
    if (!isUploadable(chosen)) {
      setFile(null);
      setProblem(t('file.wrong_type'));
      return;
    }
    setProblem(null);
    setFile(chosen);
  };

  const onDrop = (e: DragEvent<HTMLButtonElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!upload.isPending) take(e.dataTransfer.files?.[0]);
  };

  const send = () => {
    if (!file) return;
    const ctrl = new AbortController();
    abortRef.current = ctrl;
    setProblem(null);
    setProgress({ loaded: 0, total: file.size });
    upload.mutate(
      { file, signal: ctrl.signal, onProgress: (loaded, total) => setProgress({ loaded, total }) },
      {
        onSuccess: (answer) => {
          if (answer.summary) setResult(answer);
          else onConnected(answer.datasource_id);
        },
        onError: (err) => {
          setProgress(null);
          if (err instanceof DOMException && err.name === 'AbortError') return;
          setProblem(failureText(err, t, 'messages.failed_to_connect'));
        },
      },
    );
  };

  const back = () => {
    abortRef.current?.abort();
    onCancel();
  };

  if (result?.summary)
    return <UploadSummary summary={result.summary} onDone={() => onConnected(result.datasource_id)} />;

  const percent = progress ? percentOf(progress.loaded, progress.total) : 0;
  const sent = progress !== null && progress.total > 0 && progress.loaded >= progress.total;

  return (
    <Stack gap="sm" data-testid="ds-upload-form">
      <button
        type="button"
        className="dropzone ds-drop"
        data-dragging={dragging || undefined}
        disabled={upload.isPending}
        aria-describedby="ds-drop-hint"
        onClick={() => inputRef.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="ds-file-drop"
      >
        <Text fw={500} component="span">
          {file ? t('file.change') : t('file.drop')}
        </Text>
        <Text size="sm" c="var(--c-muted)" id="ds-drop-hint" component="span">
          {t('file.hint')}
        </Text>
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={UPLOAD_ACCEPT}
        hidden
        onChange={(e) => {
          take(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
        data-testid="ds-file-input"
      />
      {file ? (
        <div className="ds-file" data-testid="ds-file-chosen">
          <span className="visually-hidden">{t('file.chosen')}: </span>
          <span className="ds-file-name">{file.name}</span>
          <span className="ds-file-size">{formatBytes(file.size, i18n.language)}</span>
        </div>
      ) : null}
      {progress ? (
        <div data-testid="ds-upload-progress">
          <Progress value={percent} animated={sent} aria-label={t('file.progress')} />
          <Text size="xs" c="var(--c-muted)" mt={4} aria-live="polite">
            {sent ? t('file.processing') : t('file.uploading', { percent })}
          </Text>
        </div>
      ) : null}
      {problem ? (
        <Alert color="red" variant="light" role="alert" data-testid="ds-form-error">
          {problem}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={back} data-testid="ds-form-cancel">
          {t('back')}
        </Button>
        <Button
          color={TONES.accent}
          onClick={send}
          disabled={!file}
          loading={upload.isPending}
          data-testid="ds-upload-submit"
        >
          {t('file.upload')}
        </Button>
      </Group>
    </Stack>
  );
}
