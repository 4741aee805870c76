import { z } from 'zod';
import type { Endpoint } from '../../shared/contract/endpoint';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const ERROR_ANSWER = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
};

const SECURITY: Record<Endpoint['access'], Record<string, string[]>[] | undefined> = {
  public: undefined,
  provider: undefined,
  session: [{ session: [] }],
  'optional-session': [{}, { session: [] }],
  staff: [{ staffToken: [] }],
};

/** One OpenAPI parameter per property of a params or query object schema. */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function answerOf(declared: Endpoint): JsonSchema {
  const status = String(declared.status ?? 200);
  switch (declared.produces ?? 'json') {
    case 'pdf':
      return { [status]: { description: 'A PDF file', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } };
    case 'document':
      return {
        [status]: {
          description: 'The PDF, or with ?format=ubl the Peppol BIS 3.0 UBL XML',
          content: {
            'application/pdf': { schema: { type: 'string', format: 'binary' } },
            'application/xml': { schema: { type: 'string' } },
          },
        },
      };
    case 'zip':
      return {
        [status]: { description: 'A zip archive', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } },
      };
    case 'archive':
      return {
        [status]: { description: 'A .tar.gz archive', content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } } },
      };
    case 'file':
      return {
        [status]: { description: 'A file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      };
    case 'redirect':
      return { [status]: { description: 'A redirect' } };
    case 'html':
      return { [status]: { description: 'A page', content: { 'text/html': { schema: { type: 'string' } } } } };
    default:
      return {
        [status]: {
          description: 'Success',
          ...(declared.response && { content: { 'application/json': { schema: toSchema(declared.response, 'output') } } }),
        },
      };
  }
}

/** The OpenAPI 3.1 document of the contract: what GET /api/openapi.json serves. */
export function openApiDocument(endpoints: readonly Endpoint[], info: { title: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const declared of endpoints) {
    const operation: JsonSchema = {
      operationId: `${declared.method}${declared.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: declared.summary,
      tags: [declared.tag],
      parameters: [...parametersOf(declared.params, 'path'), ...parametersOf(declared.query, 'query')],
      responses: {
        ...answerOf(declared),
        '4XX': { description: 'Refused; `fields` names the bad input', content: { 'application/json': { schema: ERROR_ANSWER } } },
      },
    };
    const security = SECURITY[declared.access];
    if (security) operation.security = security;
    if (declared.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: toSchema(declared.body, 'input') } } };
    }
    (paths[declared.path] ??= {})[declared.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The session token from login' },
        staffToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The staff token (`adminToken`) from POST /api/admin/verify-admin-password',
        },
      },
    },
    paths,
  };
}
