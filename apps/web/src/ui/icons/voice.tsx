import { icon } from './icon';

// Speaking and listening: the microphone and the read-aloud speaker.
export const MicIcon = icon(
  <>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
  </>,
);
export const SpeakerIcon = icon(
  <>
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="M16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12" />
  </>,
);
export const SpeakerOffIcon = icon(
  <>
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="m17 9 5 6M22 9l-5 6" />
  </>,
);
