import { describe, expect, it } from 'vitest';
import { createDataChanges } from './data-changes.js';

describe('createDataChanges', () => {
  it('gives each client its own version, changed by each change to that client only', () => {
    const changes = createDataChanges();
    const before = { se: changes.version('SE'), rrb: changes.version('RRB') };
    changes.clientChanged('SE');
    expect(changes.version('SE')).not.toBe(before.se);
    expect(changes.version('RRB')).toBe(before.rrb);
    const once = changes.version('SE');
    changes.clientChanged('SE');
    expect(changes.version('SE')).not.toBe(once);
  });

  it('tells every listener which client changed, until it stops listening', () => {
    const changes = createDataChanges();
    const heard: string[] = [];
    const stop = changes.onChange((code) => heard.push(`a:${code}`));
    changes.onChange((code) => heard.push(`b:${code}`));
    changes.clientChanged('RRB');
    stop();
    changes.clientChanged('SE');
    expect(heard).toEqual(['a:RRB', 'b:RRB', 'b:SE']);
  });
});
