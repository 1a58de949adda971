import { join } from 'node:path';
import { type Connector, createConnector, DEMO_DESCRIPTOR, ensureDemoDataset } from '@parley/connectors';
import { getDemoModel, type TSemanticModel } from '@parley/engine';
import type { FastifyBaseLogger } from 'fastify';

export interface DemoDatasetOptions {
  path: string;
  endDate: string;
  scale: number;
}

/** Where the demo dataset lives: DATA_DIR/demo.duckdb (DESIGN §5). */
export const demoDatasetPath = (dataDir: string) => join(dataDir, 'demo.duckdb');

/**
 * The demo data source, generated on first use and then opened read-only. One promise is shared,
 * so concurrent first questions wait for the same generation; a failure is retried on the next call.
 */
export function demoSource(
  options: DemoDatasetOptions,
  log: FastifyBaseLogger,
): () => Promise<{ connector: Connector; model: TSemanticModel }> {
  let pending: Promise<{ connector: Connector; model: TSemanticModel }> | null = null;
  return () => {
    pending ??= (async () => {
      const result = await ensureDemoDataset(options);
      if (result.created) log.info({ ms: result.ms, path: options.path }, 'demo dataset generated');
      return {
        connector: createConnector({ type: DEMO_DESCRIPTOR.type, path: options.path }),
        model: getDemoModel(),
      };
    })().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
