import type {
  CategoryInput,
  ManageMenu,
  ReorderRequest,
  TreatmentInput,
} from '../../../common/diary.js';
import { AppError } from '../../kernel/errors.js';
import type { ManageContext } from './manage-context.js';
import {
  idsOf,
  rowExists,
  insertCategory,
  insertTreatment,
  listMenu,
  setOrder,
  updateCategory,
  updateTreatment,
} from './menu-store.js';

/**
 * Categories and treatments as the owner edits them: add, edit, reorder, deactivate. A
 * deactivated treatment (or any treatment of a deactivated category) is no longer listed for
 * visitors nor bookable; the bookings that have it keep their copy of its name and price.
 * Every write announces the change, so visitors' cached lists drop at once, and is audited.
 */

export function getMenu(context: ManageContext): Promise<ManageMenu> {
  return listMenu(context.db, context.client.name);
}

async function changed(
  context: ManageContext,
  action: string,
  detail: Record<string, unknown>,
): Promise<ManageMenu> {
  context.changes.clientChanged(context.client.name);
  await context.audit(action, detail);
  return getMenu(context);
}

/** Ids are per client; a clash with a concurrent add is retried with the next id. */
async function withRetry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= 3) throw error;
    }
  }
}

export async function addCategory(
  context: ManageContext,
  input: CategoryInput,
): Promise<ManageMenu> {
  const id = await withRetry(() => insertCategory(context.db, context.client.name, input.name));
  return changed(context, 'category.add', { categoryId: id, name: input.name });
}

async function requireCategory(context: ManageContext, id: number): Promise<void> {
  if (!(await rowExists(context.db, 'categories', context.client.name, id))) {
    throw new AppError(404, `There is no category ${id}.`);
  }
}

export async function editCategory(
  context: ManageContext,
  id: number,
  input: CategoryInput,
): Promise<ManageMenu> {
  if (!(await updateCategory(context.db, context.client.name, id, { name: input.name }))) {
    throw new AppError(404, `There is no category ${id}.`);
  }
  return changed(context, 'category.edit', { categoryId: id, name: input.name });
}

export async function setCategoryActive(
  context: ManageContext,
  id: number,
  active: boolean,
): Promise<ManageMenu> {
  if (!(await updateCategory(context.db, context.client.name, id, { active }))) {
    throw new AppError(404, `There is no category ${id}.`);
  }
  return changed(context, active ? 'category.activate' : 'category.deactivate', {
    categoryId: id,
  });
}

function sameIds(given: number[], existing: number[]): boolean {
  return given.length === existing.length && existing.every((id) => given.includes(id));
}

export async function reorderCategories(
  context: ManageContext,
  request: ReorderRequest,
): Promise<ManageMenu> {
  const existing = await idsOf(context.db, 'categories', context.client.name);
  if (!sameIds(request.ids, existing)) {
    throw new AppError(
      400,
      `Please list every category exactly once in the new order (${existing.length} categories).`,
    );
  }
  await setOrder(context.db, 'categories', context.client.name, request.ids);
  return changed(context, 'category.reorder', { ids: request.ids });
}

const toValues = (input: TreatmentInput) => ({
  name: input.name,
  description: input.description,
  pricePence: Math.round(input.price * 100),
  durationMinutes: input.duration,
  categoryId: input.categoryId,
  patchTestHours: input.patchTestHours,
  isPatchTest: input.isPatchTest,
});

async function requireCategoryForTreatment(context: ManageContext, id: number): Promise<void> {
  if (!(await rowExists(context.db, 'categories', context.client.name, id))) {
    throw new AppError(400, `There is no category ${id}. Please choose one of your categories.`);
  }
}

export async function addTreatment(
  context: ManageContext,
  input: TreatmentInput,
): Promise<ManageMenu> {
  await requireCategoryForTreatment(context, input.categoryId);
  const id = await withRetry(() =>
    insertTreatment(context.db, context.client.name, toValues(input)),
  );
  return changed(context, 'treatment.add', { treatmentId: id, ...input });
}

export async function editTreatment(
  context: ManageContext,
  id: number,
  input: TreatmentInput,
): Promise<ManageMenu> {
  if (!(await rowExists(context.db, 'treatments', context.client.name, id))) {
    throw new AppError(404, `There is no treatment ${id}.`);
  }
  await requireCategoryForTreatment(context, input.categoryId);
  if (!(await updateTreatment(context.db, context.client.name, id, toValues(input)))) {
    throw new AppError(404, `There is no treatment ${id}.`);
  }
  return changed(context, 'treatment.edit', { treatmentId: id, ...input });
}

export async function setTreatmentActive(
  context: ManageContext,
  id: number,
  active: boolean,
): Promise<ManageMenu> {
  if (!(await updateTreatment(context.db, context.client.name, id, { active }))) {
    throw new AppError(404, `There is no treatment ${id}.`);
  }
  return changed(context, active ? 'treatment.activate' : 'treatment.deactivate', {
    treatmentId: id,
  });
}

/** Orders the treatments of one category; the list must hold each of them once. */
export async function reorderTreatments(
  context: ManageContext,
  categoryId: number,
  request: ReorderRequest,
): Promise<ManageMenu> {
  await requireCategory(context, categoryId);
  const existing = await idsOf(context.db, 'treatments', context.client.name, categoryId);
  if (!sameIds(request.ids, existing)) {
    throw new AppError(
      400,
      `Please list every treatment of category ${categoryId} exactly once in the new order (${existing.length} treatments).`,
    );
  }
  await setOrder(context.db, 'treatments', context.client.name, request.ids);
  return changed(context, 'treatment.reorder', { categoryId, ids: request.ids });
}
