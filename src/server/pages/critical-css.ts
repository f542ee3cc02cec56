/**
 * The site stylesheet's rules that a rendered page needs for its first paint (issue 37, decision
 * 0084): a rule is kept when every class its selector names is in the page's markup, and every
 * attribute it names is there too (with its value, for `[name=value]`). Rules with no
 * class (elements, `:root`, attributes) are always kept; rules that only apply on an interaction
 * (`:hover`, `:focus`, …) and print rules never are: the whole stylesheet, linked at the end of
 * the body, brings them before any script runs. Pure: no HTTP, no files.
 */

/**
 * One selector of a rule: the classes and attributes it needs (`name` or `name=value`), or `never`
 * when it cannot match a first paint.
 */
interface Selector {
  text: string;
  classes: string[];
  attributes: string[];
  never: boolean;
}

type SheetItem =
  | { kind: 'rule'; selectors: Selector[]; block: string }
  /** `@media`/`@supports`: kept with the rules inside that are kept. */
  | { kind: 'group'; prelude: string; items: SheetItem[] }
  /** `@keyframes`: kept when a kept rule names it. */
  | { kind: 'keyframes'; name: string; text: string }
  /** Any other at-rule (`@font-face`, `@property`, …): always kept. */
  | { kind: 'other'; text: string };

/** Pseudo-classes of an interaction, which no page has at its first paint. */
const interactionState = /:(?:hover|focus|focus-visible|focus-within|active|visited)(?![\w-])/;
/** The contents of `:not()`, `:is()`, `:where()` and `:has()`: optional or negated classes. */
const functionalPseudo = /:(?:not|is|where|has)\(/g;
const classToken = /\.(-?[_a-zA-Z][\w-]*)/g;
/** `[name]`, `[name=value]`, `[name="value"]`, `[name^=value]`…: the name, the operator, the value. */
const attributeToken =
  /\[\s*([\w-]+)\s*(?:([~|^$*]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\]\s]*))\s*)?(?:\s[is])?\]/g;

/** Splits at top-level commas (outside brackets and strings). */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The selector without the contents of its functional pseudo-classes. */
function withoutFunctionalPseudo(selector: string): string {
  let out = '';
  let from = 0;
  functionalPseudo.lastIndex = 0;
  for (
    let match = functionalPseudo.exec(selector);
    match;
    match = functionalPseudo.exec(selector)
  ) {
    out += selector.slice(from, match.index);
    let depth = 1;
    let i = match.index + match[0].length;
    for (; i < selector.length && depth > 0; i++) {
      if (selector[i] === '(') depth++;
      else if (selector[i] === ')') depth--;
    }
    from = i;
    functionalPseudo.lastIndex = i;
  }
  return out + selector.slice(from);
}

function parseSelector(text: string): Selector {
  const plain = withoutFunctionalPseudo(text);
  return {
    text,
    classes: [...plain.matchAll(classToken)].map((match) => match[1]!),
    // An exact value must be in the page; for a partial match (`^=`, `~=`…) the name is enough.
    attributes: [...plain.matchAll(attributeToken)].map(([, name, operator, ...values]) =>
      operator === '='
        ? `${name!.toLowerCase()}=${values.find((v) => v !== undefined) ?? ''}`
        : name!.toLowerCase(),
    ),
    never: interactionState.test(plain),
  };
}

/** The index just past the block that opens at `open` (a `{`), strings and nesting respected. */
function endOfBlock(css: string, open: number): number {
  let depth = 0;
  let quote = '';
  for (let i = open; i < css.length; i++) {
    const c = css[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return css.length;
}

/** Drops comments, which a built stylesheet rarely has but a hand-written one may. */
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');

/**
 * A hand-written stylesheet (a client's theme) without its comments and layout whitespace, to
 * inline in every page. Spaces inside selectors stay (`.a :hover` is not `.a:hover`); quoted
 * strings are left as they are.
 */
export function compactCss(css: string): string {
  return css
    .split(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : withoutComments(part)
            .replace(/\s+/g, ' ')
            .replace(/\s*([{};,>])\s*/g, '$1')
            .replace(/:\s+/g, ':')
            .replace(/;}/g, '}'),
    )
    .join('')
    .trim();
}

function parseItems(css: string): SheetItem[] {
  const items: SheetItem[] = [];
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open < 0) break;
    const prelude = css.slice(i, open).trim();
    const end = endOfBlock(css, open);
    const body = css.slice(open + 1, end - 1);
    i = end;
    if (prelude.startsWith('@')) {
      const name = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase() ?? '';
      if (name === 'media' || name === 'supports') {
        // Print rules never take part in a first paint.
        if (name === 'media' && /^@media\s+print\b/i.test(prelude)) continue;
        items.push({ kind: 'group', prelude, items: parseItems(body) });
      } else if (name.endsWith('keyframes')) {
        items.push({
          kind: 'keyframes',
          name: prelude.split(/\s+/)[1] ?? '',
          text: prelude + `{${body}}`,
        });
      } else {
        items.push({ kind: 'other', text: `${prelude}{${body}}` });
      }
    } else if (prelude) {
      items.push({
        kind: 'rule',
        selectors: splitTopLevel(prelude, ',').map((s) => parseSelector(s.trim())),
        block: `{${body}}`,
      });
    }
  }
  return items;
}

/** The first-paint rules of a page with these classes and attributes. */
function select(
  items: SheetItem[],
  classes: ReadonlySet<string>,
  attributes: ReadonlySet<string>,
  kept: string[],
): void {
  for (const item of items) {
    if (item.kind === 'rule') {
      const selectors = item.selectors.filter(
        (selector) =>
          !selector.never &&
          selector.classes.every((name) => classes.has(name)) &&
          selector.attributes.every((fact) => attributes.has(fact)),
      );
      if (selectors.length > 0) kept.push(selectors.map((s) => s.text).join(',') + item.block);
    } else if (item.kind === 'group') {
      const inner: string[] = [];
      select(item.items, classes, attributes, inner);
      if (inner.length > 0) kept.push(`${item.prelude}{${inner.join('')}}`);
    } else if (item.kind === 'other') {
      kept.push(item.text);
    }
  }
}

/** Every attribute name the sheet's selectors name, at any depth. */
function attributeNamesOf(items: SheetItem[]): Set<string> {
  const names = new Set<string>();
  for (const item of items) {
    if (item.kind === 'rule') {
      for (const selector of item.selectors) {
        for (const fact of selector.attributes) names.add(fact.split('=')[0]!);
      }
    } else if (item.kind === 'group') {
      for (const name of attributeNamesOf(item.items)) names.add(name);
    }
  }
  return names;
}

/**
 * The page's facts about the attributes the sheet names: `name` for each one present, and
 * `name=value` with its value (React writes every attribute in lower case and quoted; a boolean
 * one as `=""`).
 */
function attributeFactsIn(html: string, names: ReadonlySet<string>): Set<string> {
  const facts = new Set<string>();
  if (names.size === 0) return facts;
  const pattern = new RegExp(
    `\\s(${[...names].map((name) => name.replace(/[^\w-]/g, '')).join('|')})(?:="([^"]*)")?(?=[\\s/>])`,
    'g',
  );
  for (const [, name, value] of html.matchAll(pattern)) {
    facts.add(name!);
    facts.add(`${name}=${value ?? ''}`);
  }
  return facts;
}

/** Every `@keyframes` at any depth, for the kept rules that name them. */
function keyframesOf(items: SheetItem[]): { name: string; text: string }[] {
  return items.flatMap((item) =>
    item.kind === 'keyframes' ? [item] : item.kind === 'group' ? keyframesOf(item.items) : [],
  );
}

/** The class names in a page's markup (its `class` attributes). */
export function classNamesIn(html: string): Set<string> {
  const names = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (name) names.add(name);
  }
  return names;
}

export interface CriticalCss {
  /** The rules a page with this markup needs for its first paint, in the stylesheet's order. */
  forHtml(html: string): string;
}

/** How many class sets' selections are remembered: pages of one kind share their set. */
const rememberedSelections = 256;

/**
 * Parses the stylesheet once; each page's selection is remembered by its classes and attribute
 * facts, as the pages of a kind (every product page of a client) share them.
 */
export function createCriticalCss(stylesheet: string): CriticalCss {
  const items = parseItems(withoutComments(stylesheet));
  const keyframes = keyframesOf(items);
  const attributeNames = attributeNamesOf(items);
  const selections = new Map<string, string>();
  return {
    forHtml(html) {
      const classes = classNamesIn(html);
      const attributes = attributeFactsIn(html, attributeNames);
      const key = `${[...classes].sort().join(' ')}\n${[...attributes].sort().join(' ')}`;
      const remembered = selections.get(key);
      if (remembered !== undefined) return remembered;
      const kept: string[] = [];
      select(items, classes, attributes, kept);
      let css = kept.join('');
      for (const frames of keyframes) {
        const name = frames.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        if (new RegExp(`animation(?:-name)?:[^;}]*\\b${name}\\b`).test(css)) css += frames.text;
      }
      if (selections.size >= rememberedSelections) selections.clear();
      selections.set(key, css);
      return css;
    },
  };
}
