import { type TConversationQueryResponse, ZCard, ZConversationResponse } from '@parley/contract';
import { encodeOnce } from '../../lib/shared-json';

/** A response part without its card, checked on every answer (a few short fields). */
const ZResponseRest = ZConversationResponse.omit({ card: true });

/**
 * The JSON text of a question's answer, checked against the contract as the routes' serializer
 * checks every reply, but with each card checked and written once while it is shared: checking a
 * repeated question's card again on every answer was a large part of a cached answer's own work.
 * Key order and text are what the serializer would write.
 */
export function queryReplyText(reply: TConversationQueryResponse): string {
  let text = '{"responses":[';
  reply.responses.forEach(({ card, ...rest }, i) => {
    const restText = encodeOnce(ZResponseRest, rest);
    if (i > 0) text += ',';
    if (!card) text += restText;
    else text += `{"card":${encodeOnce(ZCard, card)}${restText === '{}' ? '}' : `,${restText.slice(1)}`}`;
  });
  return `${text}]}`;
}
