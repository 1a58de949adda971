import { EMPTY_OVERLAY, type TDisabledEdit, type TModelOverlay, ZModelOverlay } from '@parley/contract';
import { applyOverlay, type TSemanticModel } from '@parley/engine';
import type { Actor } from '../../lib/access';
import type { InvalidationBus } from '../../lib/invalidation';
import { approximateBytes, Lru } from '../../lib/lru';
import type { AnswerSource } from '../answers/answers.service';
import type { ModelsRepository } from './models.repository';

/**
 * How long a process trusts its copy of a user's current overlay; a save through any process
 * drops every process's copy at once (the 'model' notice, lib/invalidation.ts).
 */
export const MODEL_OVERLAY_TTL_MS = 30_000;

const MEMO_ENTRIES = 1000;
const MEMO_BYTES = 64 * 2 ** 20;

/** A base model with an overlay applied, and the edits the base could not hold. */
export interface Overlaid {
  model: TSemanticModel;
  disabled: TDisabledEdit[];
}

/** One (user, source)'s current version and the models it was applied to, per base model object. */
export interface CurrentOverlay {
  /** 0: never saved (the empty overlay). */
  version: number;
  overlay: TModelOverlay;
  /** Base model → overlaid model; a re-introspected source has a new base, so it is applied again. */
  models: WeakMap<TSemanticModel, Overlaid>;
  bytes: number;
}

interface MemoEntry {
  current: Promise<CurrentOverlay>;
  expires: number;
  settled: CurrentOverlay | null;
}

/** The overlay applied to a base model (the editor's draft, a version to compare). */
export function overlay(base: AnswerSource, edits: TModelOverlay): Overlaid {
  return applyOverlay(base.model, edits, base.schema ?? null);
}

/**
 * The owner's model edits in every answer: the resolver's `refine` step lays the current overlay
 * of (actor, source) over the resolved model. The overlaid model is built once per (base model,
 * version) — never per question — so the parser's vocabulary, memoised per model object, is too.
 */
export class ModelOverlays {
  /** By user and source, bounded by entries and by the bytes of the overlays and overlaid models. */
  private readonly memo: Lru<MemoEntry>;

  constructor(
    private readonly repo: ModelsRepository,
    private readonly bus: InvalidationBus,
  ) {
    this.memo = new Lru(MEMO_ENTRIES, { maxBytes: MEMO_BYTES, sizeOf: (e) => e.settled?.bytes ?? 0 });
    // A source's model changed in some process: every user's overlay of it is read again.
    bus.subscribe('model', (sourceKey) =>
      this.memo.deleteWhere((k) => sourceKey === null || k.split('\u0000')[1] === sourceKey),
    );
  }

  /** The source with the actor's overlay applied (the resolver calls it after its access check). */
  async refine(actor: Actor, source: AnswerSource): Promise<AnswerSource> {
    const current = await this.current(actor.userId, source.id);
    if (current.version === 0) return source;
    const { model } = this.applied(actor.userId, current, source);
    return model === source.model ? source : { ...source, model };
  }

  /** `current`'s overlay on `base`, built once per base model object. */
  applied(userId: string, current: CurrentOverlay, base: AnswerSource): Overlaid {
    let hit = current.models.get(base.model);
    if (!hit) {
      hit = overlay(base, current.overlay);
      current.models.set(base.model, hit);
      // The parser builds a vocabulary for the overlaid model too: about the model's size again.
      current.bytes += 2 * approximateBytes(hit.model);
      this.measureAgain(`${userId}\u0000${base.id}`, current);
    }
    return hit;
  }

  /** The current version of (user, source), from this process's copy while it is trusted. */
  current(userId: string, sourceKey: string): Promise<CurrentOverlay> {
    const key = `${userId}\u0000${sourceKey}`;
    const now = performance.now();
    const kept = this.memo.get(key);
    // A copy is trusted only while other processes' saves can reach this one.
    if (kept && kept.expires > now && this.bus.live) return kept.current;
    const entry: MemoEntry = {
      current: this.read(userId, sourceKey, kept?.settled ?? null),
      expires: now + MODEL_OVERLAY_TTL_MS,
      settled: null,
    };
    this.memo.set(key, entry);
    entry.current.then(
      (current) => {
        entry.settled = current;
        this.measureAgain(key, current);
      },
      // A failed read is not kept: the next question reads again.
      () => {
        entry.expires = 0;
      },
    );
    return entry.current;
  }

  private async read(
    userId: string,
    sourceKey: string,
    previous: CurrentOverlay | null,
  ): Promise<CurrentOverlay> {
    const row = await this.repo.current(userId, sourceKey);
    const version = row?.version ?? 0;
    // The same version read again keeps the models already built from it.
    if (previous?.version === version) return previous;
    // Read through the contract's schema: a version stored before a field existed gets its default.
    const edits = row ? ZModelOverlay.parse(row.overlay) : EMPTY_OVERLAY;
    return { version, overlay: edits, models: new WeakMap(), bytes: approximateBytes(edits) };
  }

  /** Sets a kept entry again, so the memo counts its bytes as they are now. */
  private measureAgain(key: string, current: CurrentOverlay): void {
    const entry = this.memo.get(key);
    if (entry?.settled === current) this.memo.set(key, entry);
  }
}
