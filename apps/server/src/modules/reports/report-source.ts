/** Which data source a report reads, and how the report names it. */
import { DEMO_DESCRIPTOR } from '@parley/connectors';
import { DEMO_DATASOURCE_ID } from '@parley/contract';
import type { Actor } from '../../lib/access';
import { NotFound } from '../../lib/errors';
import type { AnswerSource } from '../answers/answers.service';
import type { SourceResolver } from '../datasources/source-resolver';

/** The source that speaks for the user's business when a profile names none (modules/guide). */
export type OwnSource = (actor: Actor) => Promise<string | null>;

/** A source as the data-sources screen names it ("Demo data", the file's or connection's name). */
export function sourceName(source: AnswerSource): string {
  return source.id === DEMO_DATASOURCE_ID ? DEMO_DESCRIPTOR.name : source.model.name;
}

/** A profile's source must be the user's own (or the demo): another user's or an unknown id is 404. */
export async function checkReportSource(
  sources: Pick<SourceResolver, 'typeOf'>,
  actor: Actor,
  id: string | null | undefined,
): Promise<void> {
  if (id) await sources.typeOf(actor, id);
}

/**
 * The source an issue is computed from: the profile's choice; when it names none (profiles saved
 * before the choice existed) or the chosen source was deleted since, the user's own default.
 */
export async function resolveReportSource(
  sources: Pick<SourceResolver, 'resolve'>,
  ownSource: OwnSource,
  actor: Actor,
  chosen: string | null | undefined,
): Promise<AnswerSource> {
  if (chosen) {
    try {
      return await sources.resolve(actor, chosen);
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
    }
  }
  return sources.resolve(actor, await ownSource(actor));
}
