import {
  ZConversationHistory,
  ZConversationHistoryQuery,
  ZConversationQueryBody,
  ZConversationQueryResponse,
  ZCsvQuery,
  ZEmailCardBody,
  ZEmpty,
  ZFavourites,
  ZFeedbackBody,
  ZSuggestions,
} from '@parley/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Asker } from './conversations.service';

export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.conversations;
  const tags = ['conversations'];

  /** The signed-in user as the service needs them (timezone and language from the profile). */
  const asker = (request: FastifyRequest): Asker => {
    const user = request.user!;
    return {
      userId: user.id,
      email: user.email,
      projectId: request.projectId,
      features: user.features,
      timezone: user.timezone,
      language: user.language,
    };
  };

  app.post(
    '/features/conversations/query',
    { schema: { tags, body: ZConversationQueryBody, response: { 200: ZConversationQueryResponse } } },
    async (request) => service.query(asker(request), request.body),
  );

  app.get(
    '/features/conversations',
    { schema: { tags, querystring: ZConversationHistoryQuery, response: { 200: ZConversationHistory } } },
    async (request) => service.history(asker(request), request.query),
  );

  app.get('/features/favourites', { schema: { tags, response: { 200: ZFavourites } } }, async (request) =>
    service.favourites(asker(request)),
  );

  app.get(
    '/features/suggestions',
    { schema: { tags, response: { 200: ZSuggestions } } },
    async (request) => ({
      suggestions: await service.suggestions(asker(request)),
    }),
  );

  app.post(
    '/api/v1/feedback',
    { schema: { tags, body: ZFeedbackBody, response: { 200: z.object({ id: z.string() }) } } },
    async (request) => ({ id: await service.feedback(asker(request), request.body) }),
  );

  app.post(
    '/api/v1/email_card',
    // The chart image travels in the body: allow more than the default 1 MiB.
    { bodyLimit: 4 * 1024 * 1024, schema: { tags, body: ZEmailCardBody, response: { 200: ZEmpty } } },
    async (request) => {
      await service.emailCard(asker(request), request.body);
      return {};
    },
  );

  app.get('/features/csv', { schema: { tags, querystring: ZCsvQuery } }, async (request, reply) => {
    const { filename, csv } = await service.csv(asker(request), request.query.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .send(csv);
  });
};
