import { Menu } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, SpeakerIcon, SpeakerOffIcon } from '../../ui/icons';
import { stopSpeaking, storedVoice, storeVoice, synthesisSupported, voicesFor } from './speech';
import './i18n';

function useVoices(language: string): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  useEffect(() => {
    if (!synthesisSupported()) return;
    const synth = window.speechSynthesis;
    const load = () => setVoices(voicesFor(synth.getVoices(), language));
    load();
    synth.addEventListener?.('voiceschanged', load);
    return () => synth.removeEventListener?.('voiceschanged', load);
  }, [language]);
  return voices;
}

/** Speaker toggle (read answers aloud, remembered) with a remembered voice choice. */
export function SpeakerToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t, i18n } = useTranslation('speech');
  const voices = useVoices(i18n.language || 'en-US');
  const [voice, setVoice] = useState<string | null>(() => storedVoice());

  const toggle = () => {
    if (!synthesisSupported()) {
      onChange(false);
      return;
    }
    if (on) stopSpeaking();
    onChange(!on);
  };

  return (
    <div className="speaker-group">
      <button
        type="button"
        className="icon-btn"
        aria-pressed={on}
        aria-label={on ? t('read_aloud_off') : t('read_aloud_on')}
        title={on ? t('read_aloud_off') : t('read_aloud_on')}
        onClick={toggle}
        data-testid="speaker-toggle"
      >
        {on ? <SpeakerIcon /> : <SpeakerOffIcon />}
      </button>
      {on && voices.length > 0 ? (
        <Menu position="top-end" withinPortal shadow="md">
          <Menu.Target>
            <button
              type="button"
              className="icon-btn icon-btn-narrow"
              aria-label={t('voice')}
              title={t('voice')}
            >
              <ChevronDownIcon size={14} />
            </button>
          </Menu.Target>
          <Menu.Dropdown mah={280} style={{ overflowY: 'auto' }}>
            <Menu.Item
              onClick={() => {
                storeVoice(null);
                setVoice(null);
              }}
              fw={voice === null ? 600 : undefined}
            >
              {t('default_voice')}
            </Menu.Item>
            {voices.map((v) => (
              <Menu.Item
                key={v.name}
                fw={voice === v.name ? 600 : undefined}
                onClick={() => {
                  storeVoice(v.name);
                  setVoice(v.name);
                }}
              >
                {v.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </div>
  );
}
