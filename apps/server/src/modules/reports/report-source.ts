/** Which data source a report reads, and how the report names it. */
import { DEMO_DESCRIPTOR } from '@parley/connectors';
import { DEMO_DATASOURCE_ID } from '@parley/contract';
import type { Actor } from '../../lib/access';
import { Invalid } from '../../lib/errors';
import type { AnswerSource } from '../answers/answers.service';
import type { SourceResolver } from '../datasources/source-resolver';

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

/** Why a report cannot be generated when the user has no source it could read. */
export const NO_REPORT_SOURCE =
  'There is no data source for this report to read. Connect one on the Data sources screen.';

/**
 * The id of the source an issue is computed from: the profile's choice while it can answer; when it
 * names none (profiles saved before the choice existed), or the chosen source was deleted,
 * deactivated or revoked since, the user's default (the tile says so). Null when there is none.
 */
export async function reportSourceId(
  sources: Pick<SourceResolver, 'canAnswer' | 'defaultId'>,
  actor: Actor,
  chosen: string | null | undefined,
): Promise<string | null> {
  if (chosen && (await sources.canAnswer(actor, chosen))) return chosen;
  return sources.defaultId(actor);
}

/** The source an issue is computed from (see reportSourceId). */
export async function resolveReportSource(
  sources: Pick<SourceResolver, 'resolve' | 'canAnswer' | 'defaultId'>,
  actor: Actor,
  chosen: string | null | undefined,
): Promise<AnswerSource> {
  const id = await reportSourceId(sources, actor, chosen);
  if (id === null) throw new Invalid(NO_REPORT_SOURCE);
  return sources.resolve(actor, id);
}
