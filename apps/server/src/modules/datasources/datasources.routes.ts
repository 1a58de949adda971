import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Invalid } from '../../lib/errors';
import { actorOf, route } from '../../lib/route';
import { datasourceOAuthRoutes } from './datasource-oauth.routes';
import type { UploadedFile } from './datasources.service';

/** The data-sources screen: types, connect, upload, status, default, accounts, delete. */
export async function datasourcesRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.datasources;

  route(app, 'GET /api/v1/datasource/types', async (r) => service.types(actorOf(r), r.query));
  route(app, 'POST /api/v1/datasource', async (r) => service.create(actorOf(r), r.body));
  route(app, 'POST /api/v1/datasource/activate', async (r) => {
    await service.activate(actorOf(r), r.body);
    return {};
  });
  route(app, 'POST /api/v1/datasource/deactivate', async (r) => {
    await service.deactivate(actorOf(r), r.body);
    return {};
  });
  route(app, 'POST /api/v1/datasource/revoke', async (r) => {
    await service.revoke(actorOf(r), r.body);
    return {};
  });
  route(app, 'POST /api/v1/datasource/default', async (r) => {
    await service.setDefault(actorOf(r), r.body);
    return {};
  });
  route(app, 'GET /api/v1/datasource/accounts', async (r) => service.accounts(actorOf(r), r.query));
  route(app, 'POST /api/v1/datasource/account', async (r) => {
    await service.addAccount(actorOf(r), r.body);
    return {};
  });
  route(app, 'POST /api/v1/datasource/account/remove', async (r) => {
    await service.removeAccount(actorOf(r), r.body);
    return {};
  });
  route(app, 'POST /api/v1/datasource/rename', async (r) => {
    await service.rename(actorOf(r), r.body);
    return {};
  });
  route(app, 'GET /api/v1/datasource/usage', async (r) => service.usage(actorOf(r), r.query));
  route(app, 'DELETE /api/v1/datasource', async (r) => {
    await service.delete(actorOf(r), r.query.id);
    return {};
  });

  await datasourceOAuthRoutes(app);

  // Multipart parsing only where a file is expected, limited to UPLOAD_LIMIT_MB (DESIGN §4).
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: app.config.UPLOAD_LIMIT_MB * 1024 * 1024, files: 1, fields: 10, parts: 11 },
    });
    route(uploads, 'POST /api/v1/datasource/upload', async (r) =>
      service.upload(actorOf(r), () => fileOf(r)),
    );
  });
}

/** The request's one file part, or null when it has none. */
async function fileOf(request: FastifyRequest): Promise<UploadedFile | null> {
  if (!request.isMultipart()) throw new Invalid('Invalid field file: send the file as multipart/form-data.');
  const part = await request.file();
  if (!part) return null;
  return { filename: part.filename, stream: part.file, truncated: () => part.file.truncated };
}
