import * as z from 'zod/mini';
import { staffMayUse } from '../owners/staff-permissions.js';
import { apiRoutes, type AnswerKind, type RouteDescription } from './api-description.js';

/** Who may call a route, read from where the owner guard sits and the staff allowlist. */
export type RouteAccess = 'public' | 'owner' | 'owner-or-staff' | 'operator';

export function accessOf(method: string, path: string): RouteAccess {
  // The host's own API (decision 0080): its sign-in is open, the rest needs the operator.
  if (path.startsWith('/api/operator/') && path !== '/api/operator/session') return 'operator';
  if (!path.startsWith('/api/manage/')) return 'public';
  return staffMayUse(method, path) ? 'owner-or-staff' : 'owner';
}

/** `/bookings/:id/move` → `/bookings/{id}/move`, and the parameters' names. */
export function openApiPath(path: string): { path: string; parameters: string[] } {
  const parameters: string[] = [];
  const converted = path.replace(/:(\w+)/g, (_, name: string) => {
    parameters.push(name);
    return `{${name}}`;
  });
  return { path: converted, parameters };
}

type JsonSchema = Record<string, unknown>;

/** The shared zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a client sends it. */
function requestSchema(schema: z.ZodMiniType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    // A date or a transform has no JSON Schema: described as "anything" rather than failing.
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

const answerMediaTypes: Record<AnswerKind, { type: string; schema: JsonSchema }> = {
  csv: { type: 'text/csv', schema: { type: 'string' } },
  image: { type: 'image/*', schema: { type: 'string', contentMediaType: 'image/*' } },
  text: { type: 'text/plain', schema: { type: 'string' } },
  xml: { type: 'application/xml', schema: { type: 'string' } },
  calendar: { type: 'text/calendar', schema: { type: 'string' } },
  html: { type: 'text/html', schema: { type: 'string' } },
};

const errorReference = { $ref: '#/components/schemas/ErrorAnswer' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorReference } },
});

function operation(method: string, path: string, route: RouteDescription): JsonSchema {
  const access = accessOf(method, path);
  const { parameters } = openApiPath(path);
  const query = route.query ? requestSchema(route.query) : undefined;
  const queryProperties = (query?.properties ?? {}) as Record<string, JsonSchema>;
  const requiredQuery = new Set((query?.required ?? []) as string[]);
  const success = route.answer ? answerMediaTypes[route.answer] : undefined;
  const responses: Record<string, unknown> = {
    [String(route.status ?? 200)]: {
      description: success ? `The ${route.answer} file` : 'A JSON answer',
      content: success
        ? { [success.type]: { schema: success.schema } }
        : { 'application/json': { schema: { type: 'object' } } },
    },
  };
  if (route.body || route.query || parameters.length > 0) {
    responses['400'] = errorResponse('The request broke its schema: each field’s issue is named');
  }
  if (access === 'operator') {
    responses['401'] = errorResponse('No operator session or token');
    responses['403'] = errorResponse("A business owner's session, or a cross-site change");
  } else if (access !== 'public') {
    responses['401'] = errorResponse('No owner session');
    responses['403'] = errorResponse(
      access === 'owner'
        ? 'Another client’s owner, a cross-site change, or a staff account'
        : 'Another client’s owner or a cross-site change',
    );
  }
  if (parameters.length > 0) responses['404'] = errorResponse('No such record for this client');
  let requestBody: unknown;
  if (route.body === 'upload') {
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
        },
      },
    };
  } else if (route.body) {
    requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: route.body === 'json' ? { type: 'object' } : requestSchema(route.body),
        },
      },
    };
  }
  return {
    summary: route.summary,
    tags: [route.tag],
    operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(\w?)/g, (_, c: string) => c.toUpperCase())}`,
    ...(access === 'public' ? { security: [] } : {}),
    ...(access === 'operator'
      ? { security: [{ operatorSession: [] }, { operatorToken: [] }] }
      : {}),
    'x-access': access,
    parameters: [
      ...parameters.map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      ...Object.entries(queryProperties).map(([name, schema]) => ({
        name,
        in: 'query',
        required: requiredQuery.has(name),
        schema,
      })),
    ],
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the whole HTTP API, made from apiRoutes. */
export function buildOpenApiDocument(version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, route] of Object.entries(apiRoutes)) {
    const [method = '', path = ''] = key.split(' ');
    const converted = openApiPath(path).path;
    paths[converted] = {
      ...paths[converted],
      [method.toLowerCase()]: operation(method, path, route),
    };
  }
  const tags = [...new Set(Object.values(apiRoutes).map((route) => route.tag))].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Highstreet HTTP API',
      version,
      description:
        'The JSON API of one client’s site: the host name picks the client. Owner routes ' +
        '(/api/manage/*) need the owner session cookie and, for changes, the CSRF header; ' +
        '`x-access` on each operation says who may call it.',
    },
    tags: tags.map((name) => ({ name })),
    security: [{ ownerSession: [] }],
    paths,
    components: {
      securitySchemes: {
        ownerSession: { type: 'apiKey', in: 'cookie', name: 'hs_owner' },
        operatorSession: { type: 'apiKey', in: 'cookie', name: 'hs_operator' },
        operatorToken: { type: 'http', scheme: 'bearer', description: 'OPERATOR_TOKEN' },
      },
      schemas: {
        ErrorAnswer: {
          type: 'object',
          required: ['statusCode', 'error', 'message'],
          properties: {
            statusCode: { type: 'integer' },
            error: { type: 'string' },
            message: { type: 'string' },
            issues: {
              type: 'array',
              items: {
                type: 'object',
                required: ['path', 'message'],
                properties: { path: { type: 'string' }, message: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  };
}
