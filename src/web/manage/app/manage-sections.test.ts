import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientConfigSchema, type ClientConfig } from '@common/client-config';
import { groupedSections, manageGroups } from '@/manage/shared/manage-section';
import { manageSections, sectionsFor } from './manage-sections';

function client(code: string): ClientConfig {
  const file = resolve(import.meta.dirname, `../../../../seed/clients/${code}.json`);
  return clientConfigSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

describe("the back office's menu groups", () => {
  it('puts every screen in a group the menu knows', () => {
    const known = new Set(manageGroups.map((group) => group.id));
    for (const section of manageSections) expect(known.has(section.group)).toBe(true);
  });

  it("lists a client's screens group by group, each group's in the list's order", () => {
    for (const code of ['RRB', 'SE', 'BBG']) {
      const sections = sectionsFor(client(code));
      const order = sections.map((s) => manageGroups.findIndex((g) => g.id === s.group));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      const flattened = groupedSections(sections).flatMap((group) => group.sections);
      expect(flattened).toEqual(sections);
    }
  });

  it('leaves out a group with no screen for this client: a salon has no shop', () => {
    const salon = groupedSections(sectionsFor(client('RRB'))).map((group) => group.label);
    expect(salon).toEqual(['Bookings', 'Customers', 'Your site', 'Business']);
    const shop = groupedSections(sectionsFor(client('SE'))).map((group) => group.label);
    expect(shop).toEqual(['Shop', 'Customers', 'Your site', 'Business']);
  });
});
