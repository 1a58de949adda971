import { PHOTO_MAX_BYTES, PHOTO_SIZE_MESSAGE, PHOTO_TYPE_MESSAGE } from '@parley/contract';
import { Invalid } from './errors';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The real type of an image by its magic bytes, or null when it is neither PNG nor JPEG. */
export function sniffImageType(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (bytes.length >= PNG.length && bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.length >= JPEG.length && bytes.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

/**
 * Checks a profile photo sent as a base64 data URL: JPEG or PNG by its bytes (the declared type
 * is not trusted), at most 256 KiB decoded. Answers the data URL re-labelled with the real type,
 * or null when the photo is removed (null or ''). Throws a 400 with the spec's messages.
 */
export function normalizeProfilePicture(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const match = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/\s]*={0,2})$/.exec(
    value.trim(),
  );
  if (!match) throw new Invalid(`Invalid field picture: ${PHOTO_TYPE_MESSAGE}`);
  const b64 = match[2]!.replace(/\s+/g, '');
  // Decoded size from the base64 length, checked before decoding anything large.
  const decodedSize = Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
  if (decodedSize > PHOTO_MAX_BYTES) throw new Invalid(`Invalid field picture: ${PHOTO_SIZE_MESSAGE}`);
  const bytes = Buffer.from(b64, 'base64');
  const type = sniffImageType(bytes);
  if (!type) throw new Invalid(`Invalid field picture: ${PHOTO_TYPE_MESSAGE}`);
  return `data:${type};base64,${bytes.toString('base64')}`;
}

/** The user columns both the onboarding form and the profile form write (the photo checked by its bytes). */
export function profileColumns(body: {
  name: string;
  country: string;
  timezone: string;
  organisation?: string | null;
  position?: string | null;
  picture?: string | null;
  language?: string;
}) {
  return {
    name: body.name,
    country: body.country,
    timezone: body.timezone,
    organisation: body.organisation ?? null,
    position: body.position ?? null,
    ...(body.picture !== undefined ? { picture: normalizeProfilePicture(body.picture) } : {}),
    ...(body.language ? { language: body.language } : {}),
  };
}
