/** A small strict XML well-formedness check for SVG output, and a walk over its elements. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/**
 * Parses XML strictly enough to catch what breaks an SVG viewer: unbalanced or misnested tags,
 * unquoted or duplicate attributes, raw `<` or `&` in text and attribute values, several roots.
 * Throws with a position on the first error.
 */
export function parseXml(src: string): XmlElement {
  let i = 0;
  const fail = (msg: string): never => {
    const line = src.slice(0, i).split('\n').length;
    throw new Error(`XML error at line ${line} (offset ${i}): ${msg}`);
  };
  const checkText = (t: string) => {
    if (t.includes('<')) fail('raw < in text');
    const amp = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.exec(t);
    if (amp) fail('bare & in text');
  };
  const name = /[A-Za-z_:][\w:.-]*/y;
  const readName = (): string => {
    name.lastIndex = i;
    const m = name.exec(src);
    if (!m) return fail('expected a name');
    i += m[0].length;
    return m[0];
  };
  const skipWs = () => {
    while (i < src.length && /\s/.test(src[i] ?? '')) i++;
  };
  if (src.startsWith('<?xml')) {
    const end = src.indexOf('?>');
    if (end < 0) fail('unterminated XML declaration');
    i = end + 2;
  }
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    const text = src.slice(i, lt < 0 ? src.length : lt);
    checkText(text);
    const top = stack[stack.length - 1];
    if (top) top.text += text;
    else if (text.trim() !== '') fail('text outside the root element');
    if (lt < 0) break;
    i = lt;
    if (src.startsWith('<!--', i)) {
      const end = src.indexOf('-->', i);
      if (end < 0) fail('unterminated comment');
      i = end + 3;
      continue;
    }
    if (src.startsWith('</', i)) {
      i += 2;
      const n = readName();
      skipWs();
      if (src[i] !== '>') fail(`expected > after </${n}`);
      i++;
      const open = stack.pop();
      if (!open) return fail(`closing </${n}> without an open element`);
      if (open.name !== n) fail(`</${n}> closes <${open.name}>`);
      continue;
    }
    i++;
    const el: XmlElement = { name: readName(), attrs: {}, children: [], text: '' };
    for (;;) {
      const before = i;
      skipWs();
      if (src.startsWith('/>', i) || src[i] === '>') break;
      if (i === before) fail('expected whitespace between attributes');
      const a = readName();
      skipWs();
      if (src[i] !== '=') fail(`attribute ${a} without a value`);
      i++;
      skipWs();
      const q = src[i];
      if (q !== '"' && q !== "'") return fail(`attribute ${a} value not quoted`);
      const end = src.indexOf(q, i + 1);
      if (end < 0) fail(`unterminated value of ${a}`);
      const value = src.slice(i + 1, end);
      checkText(value);
      if (a in el.attrs) fail(`duplicate attribute ${a}`);
      el.attrs[a] = value;
      i = end + 1;
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else if (root) fail('a second root element');
    else root = el;
    if (src.startsWith('/>', i)) {
      i += 2;
    } else {
      i++;
      stack.push(el);
    }
  }
  if (stack.length > 0) fail(`unclosed <${stack[stack.length - 1]?.name}>`);
  if (!root) return fail('no root element');
  return root;
}

/** Every element of a tree, depth first. */
export function allElements(el: XmlElement): XmlElement[] {
  return [el, ...el.children.flatMap(allElements)];
}
