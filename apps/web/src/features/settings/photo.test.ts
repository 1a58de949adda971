import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  fromCropperZoom,
  maxZoom,
  photoProblem,
  toCropperZoom,
  visiblePart,
  ZOOM_MIN,
  ZOOM_START,
} from './photo';

describe('photo zoom', () => {
  it('starts at 15, never below 6, and tops out at width / 10', () => {
    expect(ZOOM_START).toBe(15);
    expect(ZOOM_MIN).toBe(6);
    expect(maxZoom(1000)).toBe(100);
    expect(clampZoom(2, 1000)).toBe(6);
    expect(clampZoom(500, 1000)).toBe(100);
  });
  it('keeps the start as the maximum for narrow images', () => {
    expect(maxZoom(64)).toBe(15);
    expect(maxZoom(0)).toBe(15);
  });
  it('maps spec units to react-easy-crop scale as tenths', () => {
    expect(toCropperZoom(15)).toBe(1.5);
    expect(toCropperZoom(6)).toBeCloseTo(0.6);
    expect(fromCropperZoom(toCropperZoom(37))).toBeCloseTo(37);
  });
});

describe('visiblePart', () => {
  it('passes an area inside the image through, scaled to the output', () => {
    expect(visiblePart({ x: 10, y: 20, width: 100, height: 100 }, 200, 200, 128)).toEqual({
      source: [10, 20, 100, 100],
      target: [0, 0, 128, 128],
    });
  });
  it('clips an area reaching past the image and moves the target alike', () => {
    const part = visiblePart({ x: -50, y: 0, width: 200, height: 200 }, 100, 100, 100);
    expect(part).toEqual({ source: [0, 0, 100, 100], target: [25, 0, 50, 50] });
  });
  it('answers null when the area misses the image', () => {
    expect(visiblePart({ x: 300, y: 0, width: 50, height: 50 }, 100, 100, 128)).toBeNull();
  });
});

describe('photoProblem', () => {
  const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });
  it('accepts png and jpeg up to 262144 bytes', () => {
    expect(photoProblem(file('me.png', 'image/png', 262144))).toBeNull();
    expect(photoProblem(file('me.JPG', 'image/jpeg', 10))).toBeNull();
  });
  it('rejects other types first, then oversize files', () => {
    expect(photoProblem(file('me.gif', 'image/gif', 10))).toBe('settings:file_type_error');
    expect(photoProblem(file('me.png', 'image/png', 262145))).toBe('settings:file_size_limit_error');
  });
});
