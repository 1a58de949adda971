import { ConnectorError, DEMO_DESCRIPTOR, type TConnectorErrorCode } from '@parley/connectors';
import {
  DEMO_DATASOURCE_ID,
  type TCard,
  type TConversationResponse,
  type TSemanticQuery,
} from '@parley/contract';
import {
  getCardWords,
  ModelError,
  type TClarifyPrompt,
  type TLanguageCode,
  type TLearnedChoice,
  type TParseResult,
} from '@parley/engine';
import { escapeHtml } from '@parley/presenter';
import type { FastifyBaseLogger } from 'fastify';
import { Invalid, UpstreamFailed } from '../../lib/errors';
import type { AnswerSource, AskResult } from './answer-types';

/** Connector failures that say the source is unreachable or refuses us, not that the SQL is wrong. */
const UNREACHABLE = new Set<TConnectorErrorCode>(['unreachable', 'invalid_config', 'forbidden_host']);

/** The source a card answers from, named as the data-sources screen names it. */
export function cardSource(source: AnswerSource): NonNullable<TCard['source']> {
  const name = source.id === DEMO_DATASOURCE_ID ? DEMO_DESCRIPTOR.name : source.model.name;
  return { id: source.id, name };
}

/** A phrase the parser could not read as a query: its question back, or no answer at all. */
export function unreadAnswer(phrase: string, parsed: TParseResult): AskResult {
  if (parsed.kind !== 'clarify') return { responses: [], semantic: null };
  return {
    responses: [{ phrase, text: parsed.text, prompt: toPrompt(parsed.prompt) }],
    semantic: null,
    learn: learnedChoices(parsed.prompt),
  };
}

/**
 * What a failed answer says, in the card's language: the model's or an API source's refusal and a
 * timeout as text; a revoked or unreachable source as the error the route answers; else rethrown.
 */
export function failedAnswer(
  error: unknown,
  failed: {
    source: AnswerSource;
    query: TSemanticQuery;
    phrase: string;
    language: TLanguageCode;
    log: FastifyBaseLogger;
  },
): AskResult {
  const { source, query, phrase, log } = failed;
  const words = getCardWords(failed.language);
  const said = (text: string): AskResult => ({ responses: [{ phrase, text }], semantic: null });
  if (error instanceof ModelError) return said(escapeHtml(error.message));
  // An API source refused the combination asked (GA4's incompatible fields): say so, no 500.
  if (error instanceof ConnectorError && error.code === 'refused')
    return said(
      words.failures.refused(escapeHtml(words.describe(query, source.model)), escapeHtml(error.message)),
    );
  if (error instanceof ConnectorError && error.code === 'revoked')
    throw new Invalid('Access to this data source was revoked. Connect it again on the Data sources screen.');
  if (error instanceof ConnectorError && UNREACHABLE.has(error.code)) {
    log.warn({ datasource: source.id, code: error.code }, 'data source unreachable');
    throw new UpstreamFailed('The data source could not be reached. Check its connection and try again.');
  }
  if (error instanceof ConnectorError && error.code === 'timeout')
    return said(words.failures.timeout(escapeHtml(words.describe(query, source.model))));
  log.error({ err: error }, 'answering failed');
  throw error;
}

/** The choices that say what an unknown word would mean, keyed by the phrase the button asks. */
function learnedChoices(prompt: TClarifyPrompt): Record<string, TLearnedChoice> | undefined {
  const entries = prompt.items.flatMap((phrase, i) => {
    const choice = prompt.learn?.[i];
    return choice ? [[phrase, choice] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The engine's choices as the conversation screen's button prompt; each button asks its phrase. */
function toPrompt(prompt: TClarifyPrompt): TConversationResponse['prompt'] {
  return {
    title: prompt.title,
    type: 'buttons',
    direction: 'horizontal',
    items: prompt.items.map((phrase) => ({ title: phrase, phrase })),
  };
}
