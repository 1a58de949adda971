/** Speech input (Web Speech API) and reading answers aloud. */

export { MicIcon } from './icons';
export { SpeakerToggle } from './SpeakerToggle';
export * from './speech';
export { useSpeechRecognition } from './useSpeechRecognition';
