import type { FieldSpec } from './content-fields';
import { getAt, type Json } from './content-paths';
import { homeBlockKinds, pageBlockKinds, pageFields, recordSections } from './content-specs';

/**
 * A field of the content by its path, in the words its label uses (pure): what the error summary
 * and the comparison of two versions call it. `home.1.altTexts.0` is "Home page › block 2
 * (Slider) › Slides › slide 1"; a step the specs do not know is shown as it is.
 */

const kindsOf = (kinds: Record<string, { label: string; fields: FieldSpec[] }>) => kinds;
const homeKinds = kindsOf(homeBlockKinds as never);
const pageKinds = kindsOf(pageBlockKinds as never);
const topFields = recordSections.flatMap((section) => section.fields);

const isIndex = (step: string | undefined): step is string =>
  step !== undefined && /^\d+$/.test(step);
const ordinal = (step: string) => Number(step) + 1;

/** The words for `steps` under `fields`, with the value they are in (for block types). */
function wordsUnder(fields: FieldSpec[], steps: string[]): string[] {
  const [step, ...rest] = steps;
  if (step === undefined) return [];
  const spec = fields.find((field) => field.key === step);
  if (!spec) {
    // A picture's parts sit beside its fields (file is the chooser's; alt is asked by it).
    if (step === 'alt') return ['description', ...rest];
    return [step, ...rest];
  }
  if (spec.kind === 'group') return [spec.label, ...wordsUnder(spec.fields, rest)];
  if (spec.kind === 'list' && isIndex(rest[0])) {
    const [index, ...inner] = rest;
    return [
      spec.label,
      `${spec.itemLabel.toLowerCase()} ${ordinal(index)}`,
      ...wordsUnder(spec.fields, inner),
    ];
  }
  if (spec.kind === 'slides' && isIndex(rest[0])) return [spec.label, `slide ${ordinal(rest[0])}`];
  if (spec.kind === 'texts' && isIndex(rest[0])) return [spec.label, `entry ${ordinal(rest[0])}`];
  return [spec.label, ...rest];
}

function blockWords(
  kinds: Record<string, { label: string; fields: FieldSpec[] }>,
  blocks: Json,
  steps: string[],
): string[] {
  const [index, ...rest] = steps;
  if (!isIndex(index)) return steps;
  const type = String(getAt(blocks, [Number(index), 'type']) ?? '');
  const kind = kinds[type];
  const block = `block ${ordinal(index)}${kind ? ` (${kind.label})` : ''}`;
  return [block, ...(kind ? wordsUnder(kind.fields, rest) : rest)];
}

export function labelOfPath(path: string, content: Json): string {
  if (path === '') return 'The content';
  const [first, ...rest] = path.split('.');
  let words: string[];
  if (first === 'home') {
    words = ['Home page', ...blockWords(homeKinds, getAt(content, ['home']), rest)];
  } else if (first === 'pages' && rest[0] !== undefined) {
    const [route, part, ...inner] = rest;
    const page = [`Page ${route}`];
    words =
      part === 'blocks'
        ? [...page, ...blockWords(pageKinds, getAt(content, ['pages', route, 'blocks']), inner)]
        : [...page, ...wordsUnder(pageFields, part === undefined ? [] : [part, ...inner])];
  } else if (first === 'picturesForSlide') {
    words = ['Slides', ...(isIndex(rest[0]) ? [`slide ${ordinal(rest[0])}`] : rest)];
  } else {
    words = wordsUnder(topFields, [first!, ...rest]);
  }
  return words.join(' › ');
}
