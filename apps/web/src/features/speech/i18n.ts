import { registerBundles } from '../../i18n/bundles';

/** Texts of speech input and reading aloud (namespace `speech`). */
const enUS = {
  start_listening: 'Ask by voice',
  stop_listening: 'Stop listening',
  listening: 'Listening…',
  read_aloud_on: 'Read answers aloud',
  read_aloud_off: 'Stop reading answers aloud',
  voice: 'Voice',
  default_voice: 'Default voice',
  not_supported: 'Speech is not supported on this browser!',
  errors: {
    'no-speech': 'No speech was detected. Please try again.',
    aborted: 'Speech recognition was aborted.',
    'not-allowed': 'Microphone access is not allowed.',
    'service-not-allowed': 'The speech recognition service is not allowed.',
    'language-not-supported': 'Speech recognition service error: this language is not supported.',
    other: 'Speech recognition service error.',
  },
};
type SpeechMessages = typeof enUS;

const tr: SpeechMessages = {
  start_listening: 'Sesle sor',
  stop_listening: 'Dinlemeyi durdur',
  listening: 'Dinleniyor…',
  read_aloud_on: 'Yanıtları sesli oku',
  read_aloud_off: 'Yanıtları sesli okumayı durdur',
  voice: 'Ses',
  default_voice: 'Varsayılan ses',
  not_supported: 'Bu tarayıcı konuşmayı desteklemiyor!',
  errors: {
    'no-speech': 'Konuşma algılanmadı. Lütfen tekrar deneyin.',
    aborted: 'Konuşma tanıma iptal edildi.',
    'not-allowed': 'Mikrofon erişimine izin verilmiyor.',
    'service-not-allowed': 'Konuşma tanıma hizmetine izin verilmiyor.',
    'language-not-supported': 'Konuşma tanıma hizmeti hatası: bu dil desteklenmiyor.',
    other: 'Konuşma tanıma hizmeti hatası.',
  },
};

registerBundles('speech', { 'en-US': enUS, 'en-GB': enUS, tr });
