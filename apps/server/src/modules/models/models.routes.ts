import type { FastifyInstance } from 'fastify';
import { attachment } from '../../lib/attachment';
import { actorOf, route } from '../../lib/route';
import { ModelConflict } from './models.service';

/** The YAML file's content types, parsed as text on the import route only. */
const YAML_TYPES = ['text/yaml', 'application/yaml', 'text/plain'];

/** The model screen (DESIGN §12): the model, saves and versions, preview and try, YAML and dbt. */
export async function modelsRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.models;

  await app.register(async (models) => {
    // A refused save answers 409 with what it would break; every other error goes to the app's handler.
    models.setErrorHandler(async (error, _request, reply) => {
      if (!(error instanceof ModelConflict)) throw error;
      return reply
        .status(409)
        .send({ message: error.message, ...(error.broken.length > 0 ? { broken: error.broken } : {}) });
    });

    route(models, 'GET /api/v1/datasource/:id/model', async (r) => service.view(actorOf(r), r.params.id));
    route(models, 'PUT /api/v1/datasource/:id/model', async (r) =>
      service.save(actorOf(r), r.params.id, r.body),
    );
    route(models, 'POST /api/v1/datasource/:id/model/preview', async (r) =>
      service.preview(actorOf(r), r.params.id, r.body.overlay),
    );
    route(models, 'POST /api/v1/datasource/:id/model/try', async (r) =>
      service.try(actorOf(r), r.params.id, r.body.phrase, r.body.overlay),
    );
    route(models, 'GET /api/v1/datasource/:id/model/versions', async (r) =>
      service.versions(actorOf(r), r.params.id),
    );
    route(models, 'POST /api/v1/datasource/:id/model/versions/:version/restore', async (r) =>
      service.restore(actorOf(r), r.params.id, r.params.version),
    );
    route(models, 'POST /api/v1/datasource/:id/model/dbt', async (r) =>
      service.importDbt(actorOf(r), r.params.id, r.body.files),
    );
    route(models, 'GET /api/v1/datasource/:id/model.yaml', async (r, reply) => {
      const { filename, text } = await service.exportYaml(actorOf(r), r.params.id);
      return reply
        .type('text/yaml; charset=utf-8')
        .header('Content-Disposition', attachment(filename))
        .send(text);
    });

    await models.register(async (yaml) => {
      yaml.addContentTypeParser(YAML_TYPES, { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      );
      route(yaml, 'PUT /api/v1/datasource/:id/model.yaml', async (r) =>
        service.importYaml(actorOf(r), r.params.id, r.body),
      );
    });
  });
}
