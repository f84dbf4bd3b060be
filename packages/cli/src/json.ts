/**
 * Pretty JSON for people: objects and arrays that fit on one line stay on one line (like prettier),
 * longer ones are broken one entry per line. The output is valid JSON.
 */
export function formatJson(value: unknown, width = 100): string {
  return format(value, 0, width, 0) + '\n';
}

function compact(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(compact).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${compact(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'null';
}

function format(value: unknown, indent: number, width: number, prefix: number): string {
  const one = compact(value);
  if (indent + prefix + one.length <= width || value === null || typeof value !== 'object') return one;
  const pad = ' '.repeat(indent + 2);
  const end = ' '.repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => pad + format(v, indent + 2, width, 1)).join(',\n')}\n${end}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([k, v]) => {
    const key = `${JSON.stringify(k)}: `;
    return pad + key + format(v, indent + 2, width, key.length + 1);
  });
  return `{\n${lines.join(',\n')}\n${end}}`;
}
