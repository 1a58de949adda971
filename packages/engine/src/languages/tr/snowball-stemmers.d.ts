/** Types of snowball-stemmers (the package ships none): the Snowball stemmers, one per language. */
declare module 'snowball-stemmers' {
  interface TStemmer {
    stem(word: string): string;
  }
  const snowball: { newStemmer(language: string): TStemmer; algorithms(): string[] };
  export default snowball;
}
