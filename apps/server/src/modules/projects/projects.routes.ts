import { ZProjectsResponse } from '@parley/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projects } = app.services;

  app.get(
    '/features/projects',
    { schema: { tags: ['projects'], response: { 200: ZProjectsResponse } } },
    async (request) => projects.list(request.user!, request.projectId),
  );
};
