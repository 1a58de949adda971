/** Speech input (Web Speech API) and reading answers aloud. */

export { SpeakerToggle } from './SpeakerToggle';
export * from './speech';
export { useSpeechRecognition } from './useSpeechRecognition';
