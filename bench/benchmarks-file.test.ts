import { describe, expect, it } from 'vitest';
import { withBenchmarkSection } from './benchmarks-file';

const recorded = `# Benchmarks

<!-- bench:api start -->
old API table
<!-- bench:api end -->

## A profile written by hand

kept

<!-- bench:pages start -->
old pages
<!-- bench:pages end -->

## Another hand-written section
`;

describe('withBenchmarkSection', () => {
  it('replaces only its own part, keeping the hand-written sections around it', () => {
    const text = withBenchmarkSection(recorded, 'pages', 'new pages', 'end');
    expect(text).toContain('<!-- bench:pages start -->\nnew pages\n<!-- bench:pages end -->');
    expect(text).not.toContain('old pages');
    expect(text).toContain('## A profile written by hand\n\nkept');
    expect(text).toContain('old API table');
    expect(text.endsWith('## Another hand-written section\n')).toBe(true);
  });

  it('puts a part met for the first time at the top or the end', () => {
    const top = withBenchmarkSection(recorded, 'clients', 'clients table', 'top');
    expect(top.startsWith('# Benchmarks\n\n<!-- bench:clients start -->\nclients table\n')).toBe(
      true,
    );
    expect(top).toContain('## Another hand-written section');
    const end = withBenchmarkSection(recorded, 'clients', 'clients table', 'end');
    expect(end.endsWith('clients table\n<!-- bench:clients end -->\n')).toBe(true);
    expect(end).toContain('old API table');
  });

  it('starts a missing file with its title', () => {
    expect(withBenchmarkSection('', 'api', 'table', 'top')).toBe(
      '# Benchmarks\n\n<!-- bench:api start -->\ntable\n<!-- bench:api end -->\n',
    );
  });
});
