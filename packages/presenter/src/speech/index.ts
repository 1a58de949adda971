/** Speech written for the ear from a card (Alexa; any voice channel). */
export * from './card-speech';
export * from './say';
export * from './ssml';
