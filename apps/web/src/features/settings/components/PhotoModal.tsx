import { Avatar, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { type DragEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { PHOTO_ACCEPT } from '../../../lib/contract';
import { toast } from '../../../lib/toast';
import {
  clampZoom,
  cropToDataUrl,
  fromCropperZoom,
  maxZoom,
  PHOTO_CANVAS,
  photoProblem,
  readAsDataUrl,
  toCropperZoom,
  ZOOM_MIN,
  ZOOM_START,
} from '../photo';

export interface PhotoModalProps {
  opened: boolean;
  /** The photo in use (a data URL), or null. */
  current: string | null;
  onClose: () => void;
  /** A new 128×128 JPEG data URL, or null to remove the photo. */
  onChange: (picture: string | null) => void;
}

/**
 * Change or remove the profile photo (spec 1 §2.7): drop or browse a png/jpg file (checked for type
 * and size here, with the spec's toasts), crop it in a 250 px work area, then set or clear.
 * Like every modal of the app it closes only through its own buttons.
 */
export function PhotoModal({ opened, current, onClose, onChange }: PhotoModalProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(ZOOM_START);
  const [naturalWidth, setNaturalWidth] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);

  const clear = useCallback(() => {
    setSource(null);
    setCrop({ x: 0, y: 0 });
    setZoom(ZOOM_START);
    setNaturalWidth(0);
    setArea(null);
    if (inputRef.current) inputRef.current.value = '';
  }, []);

  // Every opening starts from the drop zone.
  useEffect(() => {
    if (opened) clear();
  }, [opened, clear]);

  const take = async (file: File | undefined) => {
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      toast.error(t(problem));
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    try {
      clear();
      setSource(await readAsDataUrl(file));
    } catch {
      toast.error(t('settings:file_type_error'));
    }
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    void take(e.dataTransfer.files[0]);
  };

  const browseKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      inputRef.current?.click();
    }
  };

  const set = async () => {
    if (!source || !area) return;
    setBusy(true);
    try {
      onChange(await cropToDataUrl(source, area));
      onClose();
    } catch {
      toast.error(t('settings:file_type_error'));
    } finally {
      setBusy(false);
    }
  };

  const top = maxZoom(naturalWidth);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('settings:photo_title')}
      centered
      closeOnClickOutside={false}
      size="auto"
      data-testid="photo-modal"
    >
      <Stack gap="md" w={PHOTO_CANVAS + 90} maw="100%">
        {source ? (
          <>
            <div
              className="photo-crop"
              style={{ width: PHOTO_CANVAS, height: PHOTO_CANVAS }}
              data-testid="photo-cropper"
            >
              <Cropper
                image={source}
                crop={crop}
                zoom={toCropperZoom(zoom)}
                minZoom={toCropperZoom(ZOOM_MIN)}
                maxZoom={toCropperZoom(top)}
                aspect={1}
                cropShape="round"
                cropSize={{ width: PHOTO_CANVAS, height: PHOTO_CANVAS }}
                showGrid={false}
                restrictPosition={false}
                onCropChange={setCrop}
                onZoomChange={(scale) => setZoom(clampZoom(fromCropperZoom(scale), naturalWidth))}
                onCropComplete={(_, pixels) => setArea(pixels)}
                onMediaLoaded={(media) => setNaturalWidth(media.naturalWidth)}
              />
            </div>
            <div>
              <Text size="sm" fw={500} id="photo-zoom-label" mb={4}>
                {t('settings:photo_zoom')}
              </Text>
              <Slider
                min={ZOOM_MIN}
                max={top}
                step={0.5}
                value={zoom}
                onChange={setZoom}
                label={(v) => v.toFixed(1)}
                thumbProps={{ 'aria-labelledby': 'photo-zoom-label' }}
                data-testid="photo-zoom"
              />
            </div>
          </>
        ) : (
          <>
            {/* biome-ignore lint/a11y/useSemanticElements: a drop target that also opens the file picker */}
            <div
              className="dropzone photo-drop"
              data-dragging={dragging || undefined}
              role="button"
              tabIndex={0}
              onClick={() => inputRef.current?.click()}
              onKeyDown={browseKey}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              data-testid="photo-drop"
            >
              {current ? <Avatar src={current} alt="" size={72} radius="xl" /> : null}
              <Text fw={500}>{t('settings:photo_drop')}</Text>
              <Text size="sm" c="dimmed">
                {t('settings:photo_hint')}
              </Text>
            </div>
            <input
              ref={inputRef}
              type="file"
              accept={PHOTO_ACCEPT}
              hidden
              onChange={(e) => void take(e.currentTarget.files?.[0])}
              data-testid="photo-input"
            />
          </>
        )}
        <Group justify="space-between" gap="xs">
          {source ? (
            <Button variant="default" onClick={clear} disabled={busy} data-testid="photo-clear">
              {t('settings:photo_clear')}
            </Button>
          ) : current ? (
            <Button
              variant="subtle"
              color="red"
              onClick={() => {
                onChange(null);
                onClose();
              }}
              data-testid="photo-remove"
            >
              {t('settings:photo_remove')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy} data-testid="photo-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => void set()}
              disabled={!source || !area}
              loading={busy}
              data-testid="photo-set"
            >
              {t('settings:photo_set')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
