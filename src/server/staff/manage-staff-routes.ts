import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { activeRequestSchema, reorderRequestSchema } from '../../common/diary.js';
import {
  staffEditSchema,
  staffFieldsSchema,
  staffTimeOffSchema,
  type ManagedStaffList,
  type ManagedStaffMember,
} from '../../common/manage-staff.js';
import { recordAudit } from '../audit/audit-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { parseRequest } from '../kernel/errors.js';
import { libraryFolderName } from '../media/library-pictures.js';
import { createLocalMediaStorage } from '../media/media-storage.js';
import { mediaFolderOf } from '../media/placeholder-images.js';
import {
  addStaffMember,
  addStaffTimeOff,
  editStaffMember,
  listStaffForOwner,
  removeStaffTimeOff,
  reorderStaff,
  setStaffActive,
  type StaffContext,
} from './manage-staff-service.js';

const idNumber = z.coerce
  .number({ error: 'the id must be a number' })
  .check(
    z.int('the id must be a whole number'),
    z.positive('the id must be a positive number'),
    z.lte(2_147_483_647, 'there is no such id'),
  );
const idParams = z.object({ id: idNumber });
const timeOffParams = z.object({ id: idNumber, timeOffId: idNumber });

/**
 * The owner's staff (/api/manage/staff, issue 32), behind the one owner guard (http/manage-api.ts):
 * list every member, add, edit with a version (409 when someone saved first), set active,
 * reorder, and add or remove time off. The service works on the signed-in owner's client only.
 */
export const manageStaffRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const storage = createLocalMediaStorage(deps.config.mediaDir);
  const context = (request: FastifyRequest): StaffContext => ({
    db: deps.db,
    // The guard has checked that the owner's client is the request's client.
    client: request.client,
    changes: deps.changes,
    now: new Date(),
    audit: (action, detail) => recordAudit(deps, request.owner, action, detail),
    isLibraryPicture: (file) => {
      const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.jpeg$/, '');
      return storage.exists(`${mediaFolderOf(request.client)}/${libraryFolderName}/${name}.json`);
    },
  });
  const idOf = (request: FastifyRequest) => parseRequest(idParams, request.params, 'address').id;

  app.get('/staff', async (request): Promise<ManagedStaffList> =>
    listStaffForOwner(context(request)),
  );

  app.post('/staff', async (request, reply): Promise<ManagedStaffMember> => {
    const fields = parseRequest(staffFieldsSchema, request.body ?? {}, 'staff member');
    const member = await addStaffMember(context(request), fields);
    reply.code(201);
    return member;
  });

  app.put('/staff/order', async (request): Promise<ManagedStaffList> =>
    reorderStaff(context(request), parseRequest(reorderRequestSchema, request.body ?? {}, 'order')),
  );

  app.put('/staff/:id', async (request): Promise<ManagedStaffMember> => {
    const id = idOf(request);
    const edit = parseRequest(staffEditSchema, request.body ?? {}, 'staff member');
    return editStaffMember(context(request), id, edit);
  });

  app.put('/staff/:id/active', async (request): Promise<ManagedStaffMember> => {
    const id = idOf(request);
    const { active } = parseRequest(activeRequestSchema, request.body ?? {}, 'request');
    return setStaffActive(context(request), id, active);
  });

  app.post('/staff/:id/time-off', async (request, reply): Promise<ManagedStaffMember> => {
    const id = idOf(request);
    const off = parseRequest(staffTimeOffSchema, request.body ?? {}, 'time off');
    const member = await addStaffTimeOff(context(request), id, off);
    reply.code(201);
    return member;
  });

  app.delete('/staff/:id/time-off/:timeOffId', async (request): Promise<ManagedStaffMember> => {
    const { id, timeOffId } = parseRequest(timeOffParams, request.params, 'address');
    return removeStaffTimeOff(context(request), id, timeOffId);
  });
};
