import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LIMITS, MAX_PHRASE_LENGTH, ZSourceId } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../../lib/access';
import { DomainError } from '../../../lib/errors';
import type { CollectionsService } from '../../collections/collections.service';
import type { ConversationsService } from '../../conversations/conversations.service';
import type { DatasourcesService } from '../../datasources/datasources.service';
import type { ModelsService } from '../../models/models.service';
import { projectUrl } from '../../projects/project-url';
import { answerText, mcpAnswer, ZMcpAnswer } from './mcp-card';
import {
  collectionResult,
  measuresOf,
  sourcesOf,
  ZCollectionOut,
  ZCollectionsOut,
  ZMeasuresOut,
  ZSourcesOut,
} from './mcp-views';

/** What the tools call: the same services the app's routes call, for the user the token acts for. */
export interface McpToolsDeps {
  actor: Actor;
  publicUrl: string;
  conversations: ConversationsService;
  datasources: DatasourcesService;
  models: ModelsService;
  collections: CollectionsService;
  log: FastifyBaseLogger;
  /** The question's timestamp, as a client's `created`. */
  now: () => number;
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false };

/**
 * A tool's work with its failures as tool errors (`isError`), never a protocol error or a 500:
 * domain errors say what is wrong (not found, quota, bad input); anything else is logged and
 * answered without its internals.
 */
async function toolResult<T extends Record<string, unknown>>(
  log: FastifyBaseLogger,
  tool: string,
  work: () => Promise<{ structured: T; text: string }>,
): Promise<CallToolResult> {
  try {
    const { structured, text } = await work();
    return { structuredContent: structured, content: [{ type: 'text', text }] };
  } catch (error) {
    if (error instanceof DomainError)
      return { isError: true, content: [{ type: 'text', text: error.message }] };
    log.error({ err: error, tool }, 'MCP tool failed');
    return {
      isError: true,
      content: [{ type: 'text', text: 'Parley could not answer this just now. Please try again.' }],
    };
  }
}

const json = (value: unknown) => JSON.stringify(value, null, 1);

/** Registers Parley's read-only tools on `server`, acting as `deps.actor`. */
export function registerMcpTools(server: McpServer, deps: McpToolsDeps): void {
  registerAsk(server, deps);
  registerCatalogue(server, deps);
  registerCollections(server, deps);
}

function registerAsk(server: McpServer, deps: McpToolsDeps): void {
  const { actor } = deps;
  server.registerTool(
    'ask',
    {
      title: 'Ask Parley',
      description:
        'Answers a business question in plain words from the user’s data (e.g. “revenue by region last month vs last year”) ' +
        'with Parley’s checked numbers: the card’s figures, the period, what Parley understood and the SQL it ran. ' +
        'Follow-ups (“only EMEA”) refine the previous question. When the question is unclear Parley asks back with ' +
        'choices: ask again with a choice’s phrase. Counts against the user’s plan like a question in Parley.',
      inputSchema: {
        question: z.string().trim().min(1, 'Please type a question.').max(MAX_PHRASE_LENGTH),
        datasource_id: ZSourceId.optional().describe(
          'A source id from list_sources; the user’s default source when absent.',
        ),
      },
      outputSchema: ZMcpAnswer.shape,
      annotations: { ...READ_ONLY, title: 'Ask Parley' },
    },
    async ({ question, datasource_id }) =>
      toolResult(deps.log, 'ask', async () => {
        const reply = await deps.conversations.query(actor, {
          phrase: question,
          created: deps.now(),
          event: 'mcp',
          ...(datasource_id ? { datasource_id } : {}),
        });
        const link = `${projectUrl(deps.publicUrl, actor.projectId)}/conversation?q=${encodeURIComponent(question)}`;
        const answer = mcpAnswer(question, reply.responses, link);
        const card = reply.responses.find((r) => r.card)?.card ?? null;
        return { structured: answer, text: answerText(answer, card, actor.language) };
      }),
  );
}

function registerCatalogue(server: McpServer, deps: McpToolsDeps): void {
  const { actor } = deps;
  server.registerTool(
    'list_sources',
    {
      title: 'List data sources',
      description:
        'The user’s data sources in Parley (id, name, type, whether it is the default) to pass to ask.',
      outputSchema: ZSourcesOut.shape,
      annotations: { ...READ_ONLY, idempotentHint: true, title: 'List data sources' },
    },
    async () =>
      toolResult(deps.log, 'list_sources', async () => {
        const structured = sourcesOf(await deps.datasources.credentials(actor));
        return { structured, text: json(structured) };
      }),
  );
  server.registerTool(
    'list_measures',
    {
      title: 'List measures and dimensions',
      description:
        'What a data source can answer: its measures (numbers), dimensions (ways to split them) and time fields.',
      inputSchema: { datasource_id: ZSourceId.describe('A source id from list_sources.') },
      outputSchema: ZMeasuresOut.shape,
      annotations: { ...READ_ONLY, idempotentHint: true, title: 'List measures and dimensions' },
    },
    async ({ datasource_id }) =>
      toolResult(deps.log, 'list_measures', async () => {
        const structured = measuresOf(datasource_id, await deps.models.view(actor, datasource_id));
        return { structured, text: json(structured) };
      }),
  );
}

function registerCollections(server: McpServer, deps: McpToolsDeps): void {
  const { actor } = deps;
  server.registerTool(
    'list_collections',
    {
      title: 'List collections',
      description: 'The user’s collections (saved dashboards of cards) with their cards’ questions.',
      outputSchema: ZCollectionsOut.shape,
      annotations: { ...READ_ONLY, idempotentHint: true, title: 'List collections' },
    },
    async () =>
      toolResult(deps.log, 'list_collections', async () => {
        const list = await deps.collections.list(actor);
        const structured = {
          collections: list.map((c) => ({
            id: c.id,
            name: c.name,
            schedule: c.schedule,
            cards: c.questions.map((q) => ({ id: q.id, phrase: q.phrase })),
          })),
        };
        return { structured, text: json(structured) };
      }),
  );
  server.registerTool(
    'get_collection',
    {
      title: 'Get a collection',
      description: 'A collection’s cards with their current results, as the collection screen shows them.',
      inputSchema: {
        id: z.string().trim().min(1).max(LIMITS.ID).describe('A collection id from list_collections.'),
      },
      outputSchema: ZCollectionOut.shape,
      annotations: { ...READ_ONLY, title: 'Get a collection' },
    },
    async ({ id }) =>
      toolResult(deps.log, 'get_collection', async () => {
        const collection = await deps.collections.get(actor, id);
        const answers = await deps.collections.query(actor, { collection_id: id });
        const base = projectUrl(deps.publicUrl, actor.projectId);
        const structured = collectionResult(collection, answers.responses, base);
        return { structured, text: json(structured) };
      }),
  );
}
