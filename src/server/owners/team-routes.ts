import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  teamActiveRequestSchema,
  teamInviteRequestSchema,
  teamRoleRequestSchema,
  type Team,
} from '../../common/team.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { parseRequest } from '../kernel/errors.js';
import { siteOriginOfRequest } from '../kernel/site-origin.js';
import {
  changeMemberRole,
  getTeam,
  inviteMember,
  resendInvitation,
  setMemberActive,
  type TeamContext,
} from './team-service.js';

const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'the id must be a number' })
    .int('the id must be a whole number')
    .positive('the id must be a positive number')
    .max(2_147_483_647, 'there is no such id'),
});

/**
 * The team (/api/manage/team…), behind the owner guard, and owner-only: staff-permissions.ts does
 * not list these routes, so a staff session is refused (403) before any handler runs.
 */
export const teamRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const production = deps.config.env === 'production';
  const context = (request: FastifyRequest): TeamContext => ({
    db: deps.db,
    dbKind: deps.dbKind,
    client: request.client,
    owner: request.owner,
    mailFrom: deps.config.mailFrom,
    origin: siteOriginOfRequest(request, {
      production,
      port: deps.config.port,
      registry: deps.registry,
    }),
  });
  const idOf = (request: FastifyRequest) =>
    parseRequest(idParamsSchema, request.params, 'address').id;

  app.get('/team', async (request): Promise<Team> => getTeam(context(request)));

  app.post('/team/invitations', async (request, reply): Promise<Team> => {
    const body = parseRequest(teamInviteRequestSchema, request.body ?? {}, 'invitation');
    const team = await inviteMember(context(request), body);
    reply.code(201);
    return team;
  });

  app.post('/team/:id/invitation', async (request): Promise<Team> =>
    resendInvitation(context(request), idOf(request)),
  );

  app.put('/team/:id/role', async (request): Promise<Team> => {
    const id = idOf(request);
    const body = parseRequest(teamRoleRequestSchema, request.body ?? {}, 'role');
    return changeMemberRole(context(request), id, body);
  });

  app.put('/team/:id/active', async (request): Promise<Team> => {
    const id = idOf(request);
    const { active } = parseRequest(teamActiveRequestSchema, request.body ?? {}, 'change');
    return setMemberActive(context(request), id, active);
  });
};
