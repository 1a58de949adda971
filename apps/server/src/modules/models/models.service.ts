import { POSTGRESQL_DESCRIPTOR } from '@parley/connectors';
import {
  type TBrokenCheck,
  type TDbtImportResult,
  type TModelOverlay,
  type TModelPreview,
  type TModelVersions,
  type TModelView,
  type TSaveModelBody,
  type TTryPhraseResult,
  type ZDbtImportBody,
  ZModelOverlay,
} from '@parley/contract';
import {
  DbtImportError,
  importDbt,
  ModelFileError,
  modelToYaml,
  overlayChanges,
  overlayFromYaml,
  type TIntrospection,
  type TSemanticModel,
} from '@parley/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AccessPolicy, Actor } from '../../lib/access';
import { Invalid, NotFound } from '../../lib/errors';
import type { InvalidationBus } from '../../lib/invalidation';
import type { AnswerService, AnswerSource } from '../answers/answers.service';
import type { SourceResolver } from '../datasources/source-resolver';
import { type ModelOverlays, type Overlaid, overlay } from './model-overlays';
import { modelView } from './model-view';
import { type ModelsRepository, type ModelVersionRow, VersionTaken } from './models.repository';
import { mergeOverlays, overlayEntries } from './overlay-merge';

/**
 * The golden checks of a source's verified questions (implemented by the verified-questions
 * module, wired by services.ts): what a model change would break, and a re-check after a save.
 */
export interface ModelChecks {
  /** The verified questions `source` (carrying the NEW overlaid model) would break. */
  impact(actor: Actor, source: AnswerSource): Promise<TBrokenCheck[]>;
  recheck(actor: Actor, sourceKey: string): Promise<void>;
}

/** A save refused because something changed or would break: 409 with `broken` when there is any. */
export class ModelConflict extends Error {
  constructor(
    message: string,
    readonly broken: TBrokenCheck[] = [],
  ) {
    super(message);
  }
}

export const MODEL_MESSAGES = {
  changed: 'The model was changed meanwhile. Reload it and save again.',
  breaks: 'Saving this model breaks verified questions. Save again with confirm to keep the change.',
  versionNotFound: 'Model version not found!',
  dbtNeedsPostgres: 'dbt semantic models can be imported for PostgreSQL sources.',
  yamlBody: 'Send the model as YAML text (Content-Type: text/yaml).',
} as const;

export interface ModelsDeps {
  repo: ModelsRepository;
  overlays: ModelOverlays;
  sources: SourceResolver;
  answers: AnswerService;
  access: AccessPolicy;
  bus: InvalidationBus;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** The golden checks a save consults; none: a save checks nothing. */
  checks?: ModelChecks | null;
}

/** A version about to be stored and what it was checked against. */
interface Draft {
  base: AnswerSource;
  before: { version: number; overlay: TModelOverlay };
  overlay: TModelOverlay;
  /** A short line for the versions list; else the changes' own summary. */
  summary?: string;
}

/**
 * The model screen (DESIGN §12): the introspected model with the owner's overlay, saved as
 * versions; YAML export and import, dbt import, restore, a phrase tried against a draft. Each
 * (user, source) has its own overlay ('demo' too); answers read the highest version.
 */
export class ModelsService {
  constructor(private readonly deps: ModelsDeps) {}

  /** GET …/model: the base model with the current overlay applied. */
  async view(actor: Actor, id: string): Promise<TModelView> {
    await this.deps.access.requireAccess(actor, { feature: 'SETTINGS_DATASOURCE' });
    const base = await this.deps.sources.resolveBase(actor, id);
    return this.viewOf(actor, base);
  }

  /** PUT …/model: stores the overlay as the next version (see `store` for the checks). */
  async save(actor: Actor, id: string, body: TSaveModelBody): Promise<TModelView> {
    await this.deps.access.requireAccess(actor, { feature: 'ADMIN_MODELS' });
    const base = await this.deps.sources.resolveBase(actor, id);
    const before = await this.stored(actor, id);
    if (body.base_version !== undefined && body.base_version !== before.version)
      throw new ModelConflict(MODEL_MESSAGES.changed);
    const next = ZModelOverlay.parse(body.overlay);
    await this.store(actor, { base, before, overlay: next }, { confirm: body.confirm === true });
    return this.viewOf(actor, base);
  }

  /** POST …/model/preview: what saving `draft` would break and leave disabled; nothing is stored. */
  async preview(actor: Actor, id: string, draft: TModelOverlay): Promise<TModelPreview> {
    await this.deps.access.requireAccess(actor, { feature: 'SETTINGS_DATASOURCE' });
    const base = await this.deps.sources.resolveBase(actor, id);
    const applied = overlay(base, draft);
    return { broken: await this.impact(actor, base, applied), disabled: applied.disabled };
  }

  /** POST …/model/try: the engine's reading of a phrase, against the draft overlay when given. */
  async try(actor: Actor, id: string, phrase: string, draft?: TModelOverlay): Promise<TTryPhraseResult> {
    await this.deps.access.requireAccess(actor, { feature: 'SETTINGS_DATASOURCE' });
    const source = draft
      ? await this.deps.sources.withWords(actor, await this.drafted(actor, id, draft))
      : await this.deps.sources.resolve(actor, id);
    const context = { timezone: actor.timezone, language: actor.language, previous: null };
    const understood = await this.deps.answers.understand(source, phrase, context);
    if (understood.query) return { query: understood.query };
    const text = understood.result.responses.find((r) => r.text)?.text;
    return { query: null, ...(text ? { text } : {}) };
  }

  /** GET …/model/versions: every saved version, newest first. */
  async versions(actor: Actor, id: string): Promise<TModelVersions> {
    await this.deps.access.requireAccess(actor, { feature: 'SETTINGS_DATASOURCE' });
    await this.deps.sources.resolveBase(actor, id);
    const rows = await this.deps.repo.list(actor.userId, id);
    return rows.map((r) => ({
      version: r.version,
      author: r.author,
      created_at: r.createdAt.toISOString(),
      summary: r.summary,
      changes: r.changes,
    }));
  }

  /** POST …/model/versions/:version/restore: a new version holding that version's overlay (so it can be undone). */
  async restore(actor: Actor, id: string, version: number): Promise<TModelView> {
    await this.deps.access.requireAccess(actor, { feature: 'ADMIN_MODELS' });
    const base = await this.deps.sources.resolveBase(actor, id);
    const row = await this.deps.repo.find(actor.userId, id, version);
    if (!row) throw new NotFound(MODEL_MESSAGES.versionNotFound);
    const before = await this.stored(actor, id);
    const summary = `Restored version ${version}`;
    // The old version is taken as it was: its edits the schema no longer holds stay, disabled.
    await this.store(
      actor,
      { base, before, overlay: overlayOf(row), summary },
      { confirm: true, restore: true },
    );
    return this.viewOf(actor, base);
  }

  /** GET …/model.yaml: the whole model (introspected parts and overlay) as a file, and its name. */
  async exportYaml(actor: Actor, id: string): Promise<{ filename: string; text: string }> {
    await this.deps.access.requireAccess(actor, { feature: 'SETTINGS_DATASOURCE' });
    const base = await this.deps.sources.resolveBase(actor, id);
    const current = await this.deps.overlays.current(actor.userId, id);
    return {
      filename: `${base.model.name}.model.yaml`,
      text: modelToYaml(base.model, current.overlay, base.schema ?? null),
    };
  }

  /** PUT …/model.yaml: the file's overlay saved as the next version; a broken file → 400 naming its line. */
  async importYaml(actor: Actor, id: string, text: unknown): Promise<TModelView> {
    await this.deps.access.requireAccess(actor, { feature: 'ADMIN_MODELS' });
    if (typeof text !== 'string') throw new Invalid(MODEL_MESSAGES.yamlBody);
    const base = await this.deps.sources.resolveBase(actor, id);
    let next: TModelOverlay;
    try {
      next = overlayFromYaml(text, base.model, base.schema ?? null);
    } catch (error) {
      if (error instanceof ModelFileError) throw new Invalid(error.message);
      throw error;
    }
    const before = await this.stored(actor, id);
    await this.store(
      actor,
      { base, before, overlay: next, summary: 'Imported the model file' },
      { confirm: true },
    );
    return this.viewOf(actor, base);
  }

  /** POST …/model/dbt: a dbt project's semantic models merged onto the overlay, saved as a version. */
  async importDbt(
    actor: Actor,
    id: string,
    files: z.infer<typeof ZDbtImportBody>['files'],
  ): Promise<TDbtImportResult> {
    await this.deps.access.requireAccess(actor, { feature: 'ADMIN_MODELS' });
    if ((await this.deps.sources.typeOf(actor, id)) !== POSTGRESQL_DESCRIPTOR.type)
      throw new Invalid(MODEL_MESSAGES.dbtNeedsPostgres);
    const base = await this.deps.sources.resolveBase(actor, id);
    if (!base.schema) throw new Invalid(MODEL_MESSAGES.dbtNeedsPostgres);
    const imported = readDbt(files, base.model, base.schema);
    const before = await this.stored(actor, id);
    const next = mergeOverlays(before.overlay, imported.overlay);
    const version = await this.store(
      actor,
      { base, before, overlay: next, summary: 'Imported dbt semantic models' },
      { confirm: true },
    );
    return { version, mapped: imported.mapped, unmapped: imported.unmapped };
  }

  private async viewOf(actor: Actor, base: AnswerSource): Promise<TModelView> {
    const current = await this.deps.overlays.current(actor.userId, base.id);
    const applied = this.deps.overlays.applied(actor.userId, current, base);
    return modelView({ version: current.version, schema: base.schema, overlay: current.overlay, ...applied });
  }

  /** The current version as stored now (not this process's copy): what a save is checked against. */
  private async stored(actor: Actor, id: string): Promise<{ version: number; overlay: TModelOverlay }> {
    const row = await this.deps.repo.current(actor.userId, id);
    return row
      ? { version: row.version, overlay: overlayOf(row) }
      : { version: 0, overlay: ZModelOverlay.parse({}) };
  }

  /**
   * Stores a draft as the next version after its checks: removing customisations needs
   * ADMIN_MODELS_DELETE; an edit the draft adds that the schema cannot hold is refused (a restore
   * keeps its old ones, disabled); with broken verified questions only when confirmed. Then every
   * process drops its overlaid model and the verified questions are checked again.
   */
  private async store(
    actor: Actor,
    draft: Draft,
    options: { confirm: boolean; restore?: boolean },
  ): Promise<number> {
    if (overlayEntries(draft.overlay) < overlayEntries(draft.before.overlay))
      await this.deps.access.requireAccess(actor, { feature: 'ADMIN_MODELS_DELETE' });
    const applied = overlay(draft.base, draft.overlay);
    if (!options.restore) refuseNewlyDisabled(applied, overlay(draft.base, draft.before.overlay));
    const broken = options.confirm ? [] : await this.impact(actor, draft.base, applied);
    if (broken.length > 0) throw new ModelConflict(MODEL_MESSAGES.breaks, broken);
    const { summary, changes } = overlayChanges(
      draft.before.overlay,
      draft.overlay,
      labelsOf(draft.base.model),
    );
    const row = await this.deps.repo
      .insertNext(
        {
          userId: actor.userId,
          projectId: actor.projectId,
          sourceKey: draft.base.id,
          overlay: draft.overlay,
          authorId: actor.userId,
          author: actor.name || actor.email,
          summary: draft.summary ?? summary,
          changes,
          createdAt: this.deps.clock(),
        },
        draft.before.version,
      )
      .catch((error: unknown) => {
        throw error instanceof VersionTaken ? new ModelConflict(MODEL_MESSAGES.changed) : error;
      });
    await this.deps.bus.publish('model', draft.base.id);
    await this.deps.checks
      ?.recheck(actor, draft.base.id)
      .catch((err: unknown) =>
        this.deps.log.warn({ err, source: draft.base.id }, 'verified questions were not re-checked'),
      );
    return row.version;
  }

  private async impact(actor: Actor, base: AnswerSource, applied: Overlaid): Promise<TBrokenCheck[]> {
    return this.deps.checks ? this.deps.checks.impact(actor, { ...base, model: applied.model }) : [];
  }

  /** The actor's source with a draft overlay instead of the saved one. */
  private async drafted(actor: Actor, id: string, draft: TModelOverlay): Promise<AnswerSource> {
    const base = await this.deps.sources.resolveBase(actor, id);
    return { ...base, model: overlay(base, draft).model };
  }
}

/** importDbt; files it cannot read (YAML, a missing name, nothing to import) → 400 naming the file and line. */
function readDbt(
  files: z.infer<typeof ZDbtImportBody>['files'],
  base: TSemanticModel,
  schema: TIntrospection,
): ReturnType<typeof importDbt> {
  try {
    return importDbt(files, base, schema);
  } catch (error) {
    if (error instanceof DbtImportError) throw new Invalid(error.message);
    throw error;
  }
}

/** Field name → label of the base model, so a change of an introspected field is said by its label. */
function labelsOf(model: TSemanticModel): Record<string, string> {
  const fields = [...model.measures, ...model.dimensions, ...model.timeDimensions];
  return Object.fromEntries(fields.map((f) => [f.name, f.label]));
}

/** A stored version's overlay, read through the contract's schema (defaults of later fields filled in). */
function overlayOf(row: ModelVersionRow): TModelOverlay {
  return ZModelOverlay.parse(row.overlay);
}

/** An edit the draft adds that the current schema cannot hold → 400 naming it; ones already disabled may stay. */
function refuseNewlyDisabled(draft: Overlaid, before: Overlaid): void {
  const known = new Set(before.disabled.map((d) => d.path));
  const added = draft.disabled.find((d) => !known.has(d.path));
  if (added) throw new Invalid(`${added.path}: ${added.reason}`);
}
