/**
 * The parts of an Alexa request and response this skill reads and writes, from the "Request and
 * Response JSON Reference"
 * (https://developer.amazon.com/en-US/docs/alexa/custom-skills/request-and-response-json-reference.html)
 * and "Include a Card in Your Skill's Response"
 * (https://developer.amazon.com/en-US/docs/alexa/custom-skills/include-a-card-in-your-skills-response.html).
 * Unknown fields are ignored, as Amazon adds fields over time.
 */
import { z } from 'zod';

const ZApplication = z.object({ applicationId: z.string() });
const ZUser = z.object({ userId: z.string().optional(), accessToken: z.string().optional() });

const ZSlot = z.object({ name: z.string(), value: z.string().optional() });

export const ZAlexaEnvelope = z.object({
  version: z.string(),
  session: z
    .object({
      new: z.boolean().optional(),
      sessionId: z.string().optional(),
      application: ZApplication.optional(),
      attributes: z.record(z.string(), z.unknown()).optional(),
      user: ZUser.optional(),
    })
    .optional(),
  context: z.object({ System: z.object({ application: ZApplication, user: ZUser.optional() }) }),
  request: z.object({
    type: z.string(),
    requestId: z.string().optional(),
    timestamp: z.string(),
    locale: z.string().optional(),
    reason: z.string().optional(),
    intent: z.object({ name: z.string(), slots: z.record(z.string(), ZSlot).optional() }).optional(),
  }),
});
export type AlexaEnvelope = z.infer<typeof ZAlexaEnvelope>;

/** The request JSON, or null when the body is not one. */
export function parseEnvelope(raw: Buffer): AlexaEnvelope | null {
  try {
    const parsed = ZAlexaEnvelope.safeParse(JSON.parse(raw.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The account-linking token: the System object's (always current), else the session's. */
export function accessTokenOf(envelope: AlexaEnvelope): string | undefined {
  return envelope.context.System.user?.accessToken ?? envelope.session?.user?.accessToken;
}

export interface OutputSpeech {
  type: 'SSML';
  ssml: string;
}

/** The cards this skill sends: an answer's Standard card, the account-linking prompt. */
export type AlexaCard =
  | {
      type: 'Standard';
      title: string;
      text: string;
      image?: { smallImageUrl: string; largeImageUrl: string };
    }
  | { type: 'Simple'; title: string; content: string }
  | { type: 'LinkAccount' };

export interface AlexaResponseEnvelope {
  version: '1.0';
  sessionAttributes?: Record<string, unknown>;
  response: {
    outputSpeech?: OutputSpeech;
    card?: AlexaCard;
    reprompt?: { outputSpeech: OutputSpeech };
    shouldEndSession?: boolean;
  };
}

/** A reply: speech, optionally a card, a reprompt (keeps the session open) and attributes to carry. */
export function reply(options: {
  ssml: string;
  card?: AlexaCard;
  reprompt?: string;
  attributes?: Record<string, unknown>;
}): AlexaResponseEnvelope {
  const open = options.reprompt !== undefined;
  return {
    version: '1.0',
    ...(options.attributes ? { sessionAttributes: options.attributes } : {}),
    response: {
      outputSpeech: { type: 'SSML', ssml: options.ssml },
      ...(options.card ? { card: options.card } : {}),
      ...(open ? { reprompt: { outputSpeech: { type: 'SSML', ssml: options.reprompt! } } } : {}),
      shouldEndSession: !open,
    },
  };
}
