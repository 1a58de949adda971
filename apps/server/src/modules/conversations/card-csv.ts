import type { TCard } from '@parley/contract';
import { cardCsv, exportFileName, periodLabel } from '@parley/presenter';
import { serverTexts } from '../../i18n';

/**
 * A card's CSV file as the reader downloads it from the web: named after the card and its period,
 * every row carrying the period (and comparison) columns, headed and dated in the reader's language.
 */
export function readerCsv(card: TCard, language: string): { filename: string; csv: string } {
  const texts = serverTexts(language);
  const period = periodLabel(card, language, texts.digest.soFar);
  return { filename: exportFileName(card.title, period, 'csv'), csv: cardCsv(card, texts.cardCsv) };
}
