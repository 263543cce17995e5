/**
 * The part of the stylesheet one page needs for its first paint (decision 0012): every rule
 * whose selector the page's class names can satisfy, plus everything that names no class
 * (the reset, theme variables, @property, @keyframes). The stylesheet is parsed once at start;
 * picking a page's rules is one pass over them with a set lookup per class name.
 */

interface Variable {
  name: string;
  text: string;
  uses: string[];
}

type CssNode =
  | { kind: 'text'; text: string }
  /** What each alternative of the selector list needs; undefined: it cannot match at first paint. */
  | { kind: 'rule'; text: string; alternatives: (Needs | undefined)[] }
  | { kind: 'group'; open: string; children: CssNode[] }
  /** A rule that only sets custom properties (the theme): only those the page's rules use are kept. */
  | { kind: 'variables'; selector: string; variables: Variable[] }
  /** `@property --name {…}`: kept when the page's rules use --name. */
  | { kind: 'property'; name: string; text: string };

const variableUses = (text: string) => [...text.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]!);

/** At-rules whose contents are rules that apply or not one by one. */
const groupingAtRules = new Set(['media', 'supports', 'layer', 'container']);

/** The index just past the string that starts at `start` (a quote). */
function skipString(css: string, start: number): number {
  const quote = css[start];
  let index = start + 1;
  while (index < css.length && css[index] !== quote) index += css[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** The index of the first of `stops` at depth 0 from `start`, outside strings, comments and brackets. */
function findAtTopLevel(css: string, start: number, stops: string): number {
  let depth = 0;
  for (let index = start; index < css.length; index++) {
    const char = css[index]!;
    if (char === '"' || char === "'") index = skipString(css, index) - 1;
    else if (char === '/' && css[index + 1] === '*') index = css.indexOf('*/', index + 2) + 1 || css.length;
    else if (char === '\\') index++;
    else if (depth === 0 && stops.includes(char)) return index;
    else if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') depth--;
  }
  return css.length;
}

/** Removes the bracketed argument of each `:name(` in `selector` (balanced brackets). */
function withoutPseudoArguments(selector: string, names: RegExp): string {
  let result = selector;
  for (let match = names.exec(result); match; match = names.exec(result)) {
    const open = match.index + match[0].length - 1;
    const close = findAtTopLevel(result, open + 1, ')');
    result = result.slice(0, match.index) + result.slice(close + 1);
    names.lastIndex = 0;
  }
  return result;
}

const unescapeCss = (name: string) =>
  name.replace(/\\([0-9a-f]{1,6})\s?|\\(.)/gi, (_all, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );

/**
 * States a page cannot be in at its first paint: nothing is hovered, focused or pressed before
 * the visitor acts, and nothing is in the top layer (a dialog's ::backdrop) before they open it;
 * by then the whole stylesheet is usually there (decision 0028).
 */
const interactionState = /:(?:hover|focus|focus-visible|focus-within|active|-moz-focusring)(?![\w-])|::backdrop/;

/**
 * Parts of form fields (date pickers, spin buttons, placeholders, file buttons): they need an
 * <input> on the page (the site's textareas and selects always sit in a form with one).
 */
const formFieldPart =
  /::?(?:-webkit-(?:datetime-edit|date-and-time-value|calendar-picker-indicator|inner-spin-button|outer-spin-button|search-decoration)|file-selector-button|placeholder|-moz-ui-invalid)/;

/** What one selector needs on the page: class names, and element names (`code`, `table`). */
interface Needs {
  classes: string[];
  tags: string[];
}

/**
 * What one selector needs, ignoring what is under :not() and in :is()/:where() lists; undefined
 * when the selector only matches after the visitor interacts.
 */
function selectorNeeds(selector: string): Needs | undefined {
  const withoutNegations = withoutPseudoArguments(selector, /:not\(/g);
  if (interactionState.test(withoutNegations)) return undefined;
  // A list inside :is()/:where() matches any one of its entries; requiring all would be wrong.
  const plain = /:(?:is|where)\([^)]*,/.test(withoutNegations)
    ? withoutPseudoArguments(withoutNegations, /:(?:is|where)\(/g)
    : withoutNegations;
  const classes: string[] = [];
  for (const match of plain.matchAll(/\.((?:\\[0-9a-f]{1,6}\s?|\\[^\da-f]|[\w-])+)/gi))
    classes.push(unescapeCss(match[1]!));
  // An element name starts a compound selector: at the start, after a combinator or an opening bracket.
  const tags = [...plain.matchAll(/(?:^|[\s>+~(])([a-z][\w-]*)/gi)].map((match) => match[1]!.toLowerCase());
  if (formFieldPart.test(plain)) tags.push('input');
  return { classes, tags };
}

function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let index = findAtTopLevel(text, 0, separator); index < text.length;) {
    parts.push(text.slice(start, index));
    start = index + 1;
    index = findAtTopLevel(text, start, separator);
  }
  parts.push(text.slice(start));
  return parts;
}

function ruleNode(prelude: string, text: string, body: string, atRule: string | undefined): CssNode {
  if (atRule === 'property') return { kind: 'property', name: prelude.slice('@property'.length).trim(), text };
  if (atRule) return { kind: 'text', text };
  const alternatives = splitTopLevel(prelude, ',').map(selectorNeeds);
  const declarations = splitTopLevel(body, ';')
    .map((declaration) => declaration.trim())
    .filter(Boolean);
  if (
    alternatives.every((needed) => needed && !needed.classes.length && !needed.tags.length) &&
    declarations.every((line) => line.startsWith('--'))
  ) {
    const variables = declarations.map((line) => ({
      name: line.slice(0, line.indexOf(':')).trim(),
      text: line,
      uses: variableUses(line.slice(line.indexOf(':'))),
    }));
    return { kind: 'variables', selector: prelude, variables };
  }
  return { kind: 'rule', text, alternatives };
}

function parseBlock(css: string, start: number, end: number): CssNode[] {
  const nodes: CssNode[] = [];
  let index = start;
  while (index < end) {
    while (index < end && /\s/.test(css[index]!)) index++;
    if (css.startsWith('/*', index)) {
      index = css.indexOf('*/', index + 2) + 2 || end;
      continue;
    }
    if (index >= end) break;
    const stop = Math.min(findAtTopLevel(css, index, '{;'), end);
    const prelude = css.slice(index, stop).trim();
    if (stop >= end || css[stop] === ';') {
      if (prelude) nodes.push({ kind: 'text', text: `${prelude};` });
      index = stop + 1;
      continue;
    }
    const close = findAtTopLevel(css, stop + 1, '}');
    const atRule = /^@([\w-]+)/.exec(prelude)?.[1];
    if (atRule && groupingAtRules.has(atRule)) {
      nodes.push({ kind: 'group', open: `${prelude}{`, children: parseBlock(css, stop + 1, close) });
    } else {
      nodes.push(ruleNode(prelude, css.slice(index, close + 1).trim(), css.slice(stop + 1, close), atRule));
    }
    index = close + 1;
  }
  return nodes;
}

export interface ParsedStylesheet {
  nodes: CssNode[];
}

export function parseStylesheet(css: string): ParsedStylesheet {
  return { nodes: withoutRegistrationsTwice(parseBlock(css, 0, css.length)) };
}

/**
 * Tailwind declares its internal variables twice: as @property rules, and as plain declarations
 * on every element in `@layer properties`, guarded by @supports for browsers without @property.
 * For a first paint the plain declarations do the same in every browser, so the page's CSS keeps
 * them unguarded and leaves the @property rules (which animations need) to the stylesheet.
 */
function withoutRegistrationsTwice(nodes: CssNode[]): CssNode[] {
  const layer = nodes.find((node) => node.kind === 'group' && node.open === '@layer properties{');
  if (layer?.kind !== 'group') return nodes;
  layer.children = layer.children.flatMap((child) =>
    child.kind === 'group' && child.open.startsWith('@supports') ? child.children : [child],
  );
  const declared = new Set(
    layer.children.flatMap((child) => (child.kind === 'variables' ? child.variables.map(({ name }) => name) : [])),
  );
  return nodes.filter((node) => node.kind !== 'property' || !declared.has(node.name));
}

const htmlEntities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/** The class names and element names a page's body uses; `html` and `body` are always there. */
interface PageNames {
  classes: Set<string>;
  tags: Set<string>;
}

const pageNames = (html: string): PageNames => ({
  classes: classNamesIn(html),
  tags: new Set(['html', 'body', ...[...html.matchAll(/<([a-z][\w-]*)/gi)].map((match) => match[1]!.toLowerCase())]),
});

const satisfies = (page: PageNames, needed: Needs | undefined) =>
  !!needed && needed.classes.every((name) => page.classes.has(name)) && needed.tags.every((tag) => page.tags.has(tag));

/** Every class name used in `html`'s class attributes. */
export function classNamesIn(html: string): Set<string> {
  const names = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1]!.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => htmlEntities[entity]!);
    for (const name of value.split(/\s+/)) if (name) names.add(name);
  }
  return names;
}

/** The custom properties the page needs: those its rules use, and those these use in turn. */
function usedVariables(nodes: CssNode[], rulesCss: string): Set<string> {
  const definitions = new Map<string, string[]>();
  const collect = (list: CssNode[]) =>
    list.forEach((node) => {
      if (node.kind === 'group') collect(node.children);
      if (node.kind === 'variables')
        node.variables.forEach(({ name, uses }) => definitions.set(name, [...(definitions.get(name) ?? []), ...uses]));
    });
  collect(nodes);
  const used = new Set<string>();
  const pending = variableUses(rulesCss);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...(definitions.get(name) ?? []));
  }
  return used;
}

/** The kept rules; custom properties and @property only when `variables` is given (the second pass). */
function serialise(nodes: CssNode[], page: PageNames, variables?: Set<string>): string {
  let css = '';
  for (const node of nodes) {
    if (node.kind === 'text') css += node.text;
    else if (node.kind === 'rule') {
      if (node.alternatives.some((needed) => satisfies(page, needed))) css += node.text;
    } else if (node.kind === 'group') {
      const inner = serialise(node.children, page, variables);
      if (inner) css += `${node.open}${inner}}`;
    } else if (!variables) {
      continue;
    } else if (node.kind === 'property') {
      if (variables.has(node.name)) css += node.text;
    } else {
      const kept = node.variables.filter(({ name }) => variables.has(name)).map(({ text }) => text);
      if (kept.length) css += `${node.selector}{${kept.join(';')}}`;
    }
  }
  return css;
}

/** The rules of `stylesheet` that can apply to `html` (its body), ready for a <style> element. */
export function criticalCss(stylesheet: ParsedStylesheet, html: string): string {
  const page = pageNames(html);
  const rules = serialise(stylesheet.nodes, page);
  return serialise(stylesheet.nodes, page, usedVariables(stylesheet.nodes, rules));
}
