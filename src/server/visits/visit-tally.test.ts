import { describe, expect, it } from 'vitest';
import { createVisitTally, pathsPerClientDay } from './visit-tally.js';

describe('the visit tally', () => {
  it('adds views per client, day and path, and starts again once taken', () => {
    const tally = createVisitTally();
    tally.add('RRB', '2026-11-26', '/');
    tally.add('RRB', '2026-11-26', '/');
    tally.add('RRB', '2026-11-26', '/booking');
    tally.add('SE', '2026-11-26', '/');
    expect(tally.take()).toEqual([
      { clientCode: 'RRB', day: '2026-11-26', path: '/', views: 2 },
      { clientCode: 'RRB', day: '2026-11-26', path: '/booking', views: 1 },
      { clientCode: 'SE', day: '2026-11-26', path: '/', views: 1 },
    ]);
    expect(tally.take()).toEqual([]);
  });

  it('keeps a bounded number of paths per client and day, and takes back what failed', () => {
    const tally = createVisitTally();
    for (let i = 0; i < pathsPerClientDay + 50; i += 1)
      tally.add('SE', '2026-11-26', `/product/${i}`);
    tally.add('SE', '2026-11-26', '/product/0');
    const taken = tally.take();
    expect(taken).toHaveLength(pathsPerClientDay);
    expect(taken[0]).toMatchObject({ path: '/product/0', views: 2 });
    tally.putBack(taken);
    expect(tally.take()).toHaveLength(pathsPerClientDay);
  });
});
