import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  readAloudEnabled,
  recognitionConstructor,
  SPEECH_RATE,
  SPEECH_VOLUME,
  setReadAloud,
  speak,
  speechErrorKey,
  storedVoice,
  storeVoice,
  voicesFor,
} from './speech';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('speech', () => {
  it('maps recognition errors to their messages', () => {
    expect(speechErrorKey('no-speech')).toBe('errors.no-speech');
    expect(speechErrorKey('language-not-supported')).toBe('errors.language-not-supported');
    expect(speechErrorKey('network')).toBe('errors.other');
  });
  it('finds the prefixed recognition constructor', () => {
    class R {}
    expect(recognitionConstructor({ webkitSpeechRecognition: R })).toBe(R);
    expect(recognitionConstructor({})).toBeNull();
  });
  it('remembers the flag and the voice', () => {
    expect(readAloudEnabled()).toBe(false);
    setReadAloud(true);
    expect(readAloudEnabled()).toBe(true);
    storeVoice('Samantha');
    expect(storedVoice()).toBe('Samantha');
    storeVoice(null);
    expect(storedVoice()).toBeNull();
  });
  it('orders voices: exact locale, then same language', () => {
    const v = (name: string, lang: string) => ({ name, lang }) as SpeechSynthesisVoice;
    expect(
      voicesFor([v('a', 'en-US'), v('b', 'en-GB'), v('c', 'tr-TR')], 'en-GB').map((x) => x.name),
    ).toEqual(['b', 'a']);
  });
  it('speaks at volume 1 and rate 0.8 in the stored voice', () => {
    const spoken: SpeechSynthesisUtterance[] = [];
    class Utterance {
      text: string;
      volume = 0;
      rate = 0;
      lang = '';
      voice: unknown = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    const voice = { name: 'Daniel', lang: 'en-GB' };
    vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
    vi.stubGlobal('speechSynthesis', {
      cancel: () => undefined,
      getVoices: () => [voice],
      speak: (u: SpeechSynthesisUtterance) => spoken.push(u),
    });
    storeVoice('Daniel');
    speak('Revenue grew', 'en-GB');
    expect(spoken[0]).toMatchObject({
      text: 'Revenue grew',
      volume: SPEECH_VOLUME,
      rate: SPEECH_RATE,
      voice,
    });
    expect(SPEECH_RATE).toBe(0.8);
  });
});
