import { STORAGE_KEYS, storage } from '../../lib/storage';

/** Reading answers aloud (spec 1 §9, spec 2 §4). */
export const SPEECH_VOLUME = 1;
export const SPEECH_RATE = 0.8;

/** Recognition errors with their own message (spec 2 §8); anything else is a generic service error. */
export const SPEECH_ERRORS = [
  'no-speech',
  'aborted',
  'not-allowed',
  'service-not-allowed',
  'language-not-supported',
] as const;
export type SpeechErrorCode = (typeof SPEECH_ERRORS)[number] | 'other';

/** The message key (namespace `speech`) of a recognition error code. */
export function speechErrorKey(code: string): `errors.${SpeechErrorCode}` {
  return `errors.${(SPEECH_ERRORS as readonly string[]).includes(code) ? (code as SpeechErrorCode) : 'other'}`;
}

// The Web Speech API is not in TypeScript's DOM lib everywhere; the part used here.
export interface RecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  stop(): void;
  abort(): void;
  onresult:
    | ((event: { results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void)
    | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}
type RecognitionCtor = new () => RecognitionLike;

/** SpeechRecognition or its webkit-prefixed twin; null where the browser has neither. */
export function recognitionConstructor(
  win: unknown = typeof window === 'undefined' ? undefined : window,
): RecognitionCtor | null {
  if (!win) return null;
  const w = win as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export function synthesisSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof SpeechSynthesisUtterance !== 'undefined'
  );
}

/** Whether answers are read aloud (remembered). */
export function readAloudEnabled(): boolean {
  return storage.get(STORAGE_KEYS.tts) === 'true';
}
export function setReadAloud(on: boolean): void {
  storage.set(STORAGE_KEYS.tts, String(on));
}

/** The remembered voice (its name), or null for the browser's default. */
export function storedVoice(): string | null {
  return storage.get(STORAGE_KEYS.voice);
}
export function storeVoice(name: string | null): void {
  if (name) storage.set(STORAGE_KEYS.voice, name);
  else storage.remove(STORAGE_KEYS.voice);
}

/** Voices for a language: exact locale first, then the same language. */
export function voicesFor(voices: readonly SpeechSynthesisVoice[], language: string): SpeechSynthesisVoice[] {
  const lang = language.toLowerCase();
  const prefix = lang.split('-')[0];
  const exact = voices.filter((v) => v.lang.toLowerCase().replace('_', '-') === lang);
  const same = voices.filter((v) => v.lang.toLowerCase().split(/[-_]/)[0] === prefix && !exact.includes(v));
  return [...exact, ...same];
}

/** Reads a text aloud at volume 1, rate 0.8, in the remembered voice when it exists. */
export function speak(text: string, language: string): void {
  if (!synthesisSupported() || !text.trim()) return;
  const synth = window.speechSynthesis;
  synth.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.volume = SPEECH_VOLUME;
  utterance.rate = SPEECH_RATE;
  utterance.lang = language;
  const name = storedVoice();
  const voice = name ? synth.getVoices().find((v) => v.name === name) : undefined;
  if (voice) utterance.voice = voice;
  synth.speak(utterance);
}

export function stopSpeaking(): void {
  if (synthesisSupported()) window.speechSynthesis.cancel();
}
