import { validatePhoto } from '../../lib/contract';

/** Side of the square work area the photo is cropped in (spec 1 §9: work canvas 250). */
export const PHOTO_CANVAS = 250;
/** Side of the JPEG the cropper produces (spec 1 §2.7). */
export const PHOTO_OUTPUT = 128;
export const PHOTO_OUTPUT_TYPE = 'image/jpeg';
const PHOTO_QUALITY = 0.9;

/**
 * Zoom in the spec's units: it starts at 15, never goes below 6, and tops out at the image width
 * divided by 10. We read these as tenths of react-easy-crop's scale, where 1 means "the whole
 * image fits the 250 px work area": 15 → 1.5×, 6 → 0.6× (the image smaller than the crop circle,
 * padded white), and width/10 → width/100× (a 1000 px photo zooms to 10×). Small images whose
 * width/10 is below the start keep the start as their maximum, so the slider never inverts.
 */
export const ZOOM_START = 15;
export const ZOOM_MIN = 6;
const ZOOM_UNITS_PER_SCALE = 10;

/** The spec's maximum zoom for an image of this natural width. */
export function maxZoom(naturalWidth: number): number {
  const byWidth = Number.isFinite(naturalWidth) && naturalWidth > 0 ? naturalWidth / 10 : 0;
  return Math.max(ZOOM_START, byWidth);
}

/** Spec zoom units → react-easy-crop's zoom scale. */
export const toCropperZoom = (zoom: number): number => zoom / ZOOM_UNITS_PER_SCALE;
/** react-easy-crop's zoom scale → spec zoom units. */
export const fromCropperZoom = (scale: number): number => scale * ZOOM_UNITS_PER_SCALE;

/** Keeps a zoom inside [6, maxZoom(width)]. */
export function clampZoom(zoom: number, naturalWidth: number): number {
  return Math.min(maxZoom(naturalWidth), Math.max(ZOOM_MIN, zoom));
}

/** A contract key under "settings" ("settings.x") as the key of this feature's namespace ("settings:x"). */
type SettingsKey<T> = T extends `settings.${infer K}` ? `settings:${K}` : never;
type PhotoProblem = SettingsKey<ReturnType<typeof validatePhoto>>;

/** The chosen file's problem as an i18n key (type first, then size), or null when it is fine. */
export function photoProblem(file: File): PhotoProblem | null {
  const problem = validatePhoto({ name: file.name, type: file.type, size: file.size });
  // The contract names these texts by their key under "settings", which is this feature's namespace.
  return problem ? (problem.replace('settings.', 'settings:') as PhotoProblem) : null;
}

/** Reads a file as a data URL. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The file is not a readable image'));
    img.src = src;
  });
}

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Rect = [x: number, y: number, width: number, height: number];

/**
 * The part of a crop area that lies on the image, and where it lands on a square output of side
 * `size`; null when the area misses the image. Clipping ourselves keeps every browser alike.
 */
export function visiblePart(
  area: PixelArea,
  imageWidth: number,
  imageHeight: number,
  size: number,
): { source: Rect; target: Rect } | null {
  const x0 = Math.max(0, area.x);
  const y0 = Math.max(0, area.y);
  const x1 = Math.min(imageWidth, area.x + area.width);
  const y1 = Math.min(imageHeight, area.y + area.height);
  if (x1 <= x0 || y1 <= y0 || area.width <= 0 || area.height <= 0) return null;
  const sx = size / area.width;
  const sy = size / area.height;
  return {
    source: [x0, y0, x1 - x0, y1 - y0],
    target: [(x0 - area.x) * sx, (y0 - area.y) * sy, (x1 - x0) * sx, (y1 - y0) * sy],
  };
}

/**
 * Draws the cropped area of an image onto a 128×128 canvas and answers a JPEG data URL. The
 * area may reach past the image (zoomed out below 1×); the canvas clips it and white fills the rest,
 * since JPEG has no transparency.
 */
export async function cropToDataUrl(src: string, area: PixelArea): Promise<string> {
  const img = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = PHOTO_OUTPUT;
  canvas.height = PHOTO_OUTPUT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, PHOTO_OUTPUT, PHOTO_OUTPUT);
  ctx.imageSmoothingQuality = 'high';
  const part = visiblePart(area, img.naturalWidth, img.naturalHeight, PHOTO_OUTPUT);
  if (part) ctx.drawImage(img, ...part.source, ...part.target);
  return canvas.toDataURL(PHOTO_OUTPUT_TYPE, PHOTO_QUALITY);
}
