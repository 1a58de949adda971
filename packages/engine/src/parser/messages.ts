/**
 * The parser's messages as keys with parameters: the parser says *what* it
 * needs to ask, the caller writes it in the user's language with `renderParseMessage`. Each
 * language pack carries its texts; parameters that came from the user are escaped here, once.
 */
import { escapeHtml } from '@parley/presenter';
import type { TMessages, TParseMessage } from '../languages/message-types';

export type { TChoiceTitle, TMessages, TParseMessage, TParseMessageKey } from '../languages/message-types';

/** Escapes every string (and string array) parameter of a message. */
function escaped<T extends TParseMessage>(m: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(m)) {
    if (k === 'key' || k === 'kind') out[k] = v;
    else if (typeof v === 'string') out[k] = escapeHtml(v);
    else if (Array.isArray(v)) out[k] = v.map((x) => (typeof x === 'string' ? escapeHtml(x) : x));
    else out[k] = v;
  }
  return out as T;
}

/** A parser message as sanitised HTML text in the given language. */
export function renderParseMessage(message: TParseMessage, messages: TMessages): string {
  const render = messages.text[message.key] as (m: TParseMessage) => string;
  return render(escaped(message));
}
