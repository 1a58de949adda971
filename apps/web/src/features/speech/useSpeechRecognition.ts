import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { type RecognitionLike, recognitionConstructor, speechErrorKey } from './speech';
import './i18n';

/** Microphone toggle: recognised text is handed to `onText` (the box fills it and asks it). */
export function useSpeechRecognition(onText: (text: string) => void) {
  const { t, i18n } = useTranslation('speech');
  const [listening, setListening] = useState(false);
  const recognition = useRef<RecognitionLike | null>(null);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  useEffect(() => () => recognition.current?.abort(), []);

  const stop = useCallback(() => {
    recognition.current?.stop();
    setListening(false);
  }, []);

  const start = useCallback(() => {
    const Ctor = recognitionConstructor();
    if (!Ctor) {
      toast.error(t('not_supported'));
      return;
    }
    const r = new Ctor();
    r.lang = i18n.language || 'en-US';
    r.continuous = false;
    r.interimResults = false;
    r.maxAlternatives = 1;
    r.onresult = (event) => {
      const parts: string[] = [];
      for (let i = 0; i < event.results.length; i++) parts.push(event.results[i][0]?.transcript ?? '');
      const text = parts.join(' ').trim();
      if (text) onTextRef.current(text);
    };
    r.onerror = (event) => {
      toast.error(t(speechErrorKey(event.error)));
      setListening(false);
    };
    r.onend = () => setListening(false);
    recognition.current = r;
    try {
      r.start();
      setListening(true);
    } catch {
      toast.error(t('errors.other'));
    }
  }, [i18n.language, t]);

  const toggle = useCallback(() => (listening ? stop() : start()), [listening, start, stop]);
  return { listening, toggle };
}
