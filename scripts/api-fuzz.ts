// Malformed requests generated from the app's own OpenAPI document. The server suite sends a bounded pass
// through `app.inject` and the benchmarks a long one over HTTP; both fail on any 5xx and on any error answer
// outside the envelope. Every operation in the document is covered, so a new route needs no list entry.

/** The part of JSON Schema that the route schemas produce. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface FuzzOperation {
  method: string;
  /** The OpenAPI path, with `{name}` for path parameters. */
  path: string;
  query: OpenApiParameter[];
  pathParams: OpenApiParameter[];
  jsonBody?: JsonSchema;
  multipart?: JsonSchema;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** What was done to the request, for the failure report. */
  label: string;
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

/** The operations of a document, in a stable order: protected ones first, sign-out and sign-in last. */
export function operationsOf(document: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!HTTP_METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        query: parameters.filter((parameter) => parameter.in === 'query'),
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        jsonBody: content['application/json']?.schema,
        multipart: content['multipart/form-data']?.schema,
      });
    }
  }
  // A fuzzed sign-out or a run of failed sign-ins would end the caller's session or throttle its address.
  const lateness = (operation: FuzzOperation) =>
    operation.path.startsWith('/api/auth/') ? 0 : /logout|login|refresh/.test(operation.path) ? 2 : 1;
  return operations.sort((a, b) => lateness(a) - lateness(b));
}

/** A small seeded generator (mulberry32), so a failing input can be sent again from its seed. */
export function randomOf(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  let turn = seed % 997;
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    /** The values of a list in turn (a stride prime to its length), so a short run still tries most of them. */
    cycle<T>(values: readonly T[]): T {
      turn++;
      return values[(turn * 7) % values.length] as T;
    },
    pick<T>(values: readonly T[]): T {
      return values[Math.floor(next() * values.length)] as T;
    },
  };
}

export type Random = ReturnType<typeof randomOf>;

const deepArray = (depth: number): unknown => {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

const deepObject = (depth: number): unknown => {
  let value: unknown = {};
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/** Values no route should accept where it expects something else, and none should answer with a 5xx. */
export const hostileValues: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -2_147_483_649,
  2_147_483_647,
  2_147_483_648,
  999_999_999_999,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\u0001\u0007\u001b\u007f',
  'line\r\nbreak\ttab',
  '\u202Eabc.exe',
  '\u2066\u2067\u2068\u2069\u200e\u200f',
  '%00',
  '\ud800',
  '𠮷野家',
  'x'.repeat(10_240),
  '中'.repeat(10_240),
  '2147483648',
  '999999999999',
  '-1',
  '1e400',
  '0x10',
  ' 12 ',
  '2026-02-30',
  '99999-01-01',
  '2026-13-01T25:61:00Z',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  [],
  [null],
  [1, 'a', null, {}],
  Array.from({ length: 5_000 }, (_, index) => index + 2_147_483_600),
  {},
  { id: 1 },
  deepArray(2_000),
  deepObject(2_000),
];

/** A large value sent now and then: over the body limit once wrapped in JSON. */
const HUGE_STRING = 'y'.repeat(2 * 1024 * 1024);

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** The properties and required names of an object schema, through allOf and the first branch of a union. */
function objectShape(
  schema: JsonSchema,
  random: Random,
): { properties: Record<string, JsonSchema>; required: string[] } {
  const properties: Record<string, JsonSchema> = { ...schema.properties };
  const required = [...(schema.required ?? [])];
  for (const part of schema.allOf ?? []) {
    const shape = objectShape(part, random);
    Object.assign(properties, shape.properties);
    required.push(...shape.required);
  }
  const union = schema.oneOf ?? schema.anyOf;
  if (union && union.length > 0) {
    const shape = objectShape(random.pick(union), random);
    Object.assign(properties, shape.properties);
    required.push(...shape.required);
  }
  return { properties, required };
}

/** A plausible value of a schema: the baseline a mutation starts from, so it reaches past the first check. */
export function sampleOf(schema: JsonSchema | undefined, random: Random, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return random.pick(schema.enum);
  if (schema.default !== undefined && random.next() < 0.3) return schema.default;
  const union = schema.oneOf ?? schema.anyOf;
  if (union && union.length > 0 && !schema.properties && !schema.allOf) {
    return sampleOf(random.pick(union), random, depth + 1);
  }
  const types = typesOf(schema).filter((type) => type !== 'null');
  const type =
    types.length > 0 ? random.pick(types) : schema.properties || schema.allOf ? 'object' : 'string';
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 3, 1 + random.int(3)));
    case 'boolean':
      return random.next() < 0.5;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
        sampleOf(schema.items, random, depth + 1),
      );
    case 'object': {
      const { properties, required } = objectShape(schema, random);
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) {
        if (required.includes(name) || random.next() < 0.5)
          value[name] = sampleOf(property, random, depth + 1);
      }
      return value;
    }
    default:
      if (schema.format === 'date') return '2026-03-01';
      if (schema.format === 'date-time') return '2026-03-01T08:00:00.000Z';
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 1)).slice(0, schema.maxLength ?? 50);
  }
}

/** Every place inside a value where a mutation can go: object members and array elements, to a depth. */
function pathsIn(value: unknown, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 4 || value === null || typeof value !== 'object') return [];
  const keys = Array.isArray(value) ? value.map((_, index) => index) : Object.keys(value);
  return keys.flatMap((key) => {
    const path = [...prefix, key];
    return [path, ...pathsIn((value as Record<string | number, unknown>)[key], path, depth + 1)];
  });
}

/** A copy of `root` with `value` at `path`; only the containers along the path are copied. */
function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const container = (Array.isArray(root) ? [...root] : { ...asObject(root) }) as Record<
    string | number,
    unknown
  >;
  container[key] = setAt(container[key], rest, value);
  return container;
}

const jsonHeaders = { 'content-type': 'application/json' };

function jsonBodyRequest(operation: FuzzOperation, url: string, random: Random): FuzzRequest {
  const base = sampleOf(operation.jsonBody, random);
  const roll = random.next();
  const method = operation.method;
  if (roll < 0.55) {
    const paths = pathsIn(base);
    const path = paths.length > 0 && random.next() < 0.9 ? random.pick(paths) : [`unknown_${random.int(99)}`];
    const value = random.cycle(hostileValues);
    return {
      method,
      url,
      headers: jsonHeaders,
      body: JSON.stringify(setAt(base, path, value)),
      label: `body.${path.join('.')} = ${describe(value)}`,
    };
  }
  if (roll < 0.7) {
    // Several fields at once: checks that run one after another must each hold.
    let body = base;
    const paths = pathsIn(base);
    for (let i = 0; i < 3 && paths.length > 0; i++)
      body = setAt(body, random.pick(paths), random.pick(hostileValues));
    return { method, url, headers: jsonHeaders, body: JSON.stringify(body), label: 'body: several fields' };
  }
  if (roll < 0.8) {
    const whole = random.pick([null, [], 'text', 42, [base], { ...asObject(base), __proto__: { id: 1 } }]);
    return {
      method,
      url,
      headers: jsonHeaders,
      body: JSON.stringify(whole),
      label: `body = ${describe(whole)}`,
    };
  }
  if (roll < 0.83) {
    // Nesting deeper than a recursive walk of the parsed body survives; written as text, as a client would.
    const depth = 20_000;
    return {
      method,
      url,
      headers: jsonHeaders,
      body: '['.repeat(depth) + ']'.repeat(depth),
      label: 'body nested 20 000 deep',
    };
  }
  const broken = random.pick<[string, string | Buffer, string]>([
    ['application/json', '{"id": 1', 'broken JSON'],
    ['application/json', '', 'empty JSON body'],
    ['application/json', '{"id": 1}}}', 'trailing garbage'],
    ['application/json', Buffer.from([0xff, 0xfe, 0x7b, 0x7d]), 'invalid UTF-8'],
    ['application/json', JSON.stringify({ value: HUGE_STRING }), '2 MB body'],
    ['text/plain', JSON.stringify(base), 'text/plain body'],
    ['application/x-www-form-urlencoded', 'id=1&name=a%00b', 'form body'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="id"\r\n\r\n1\r\n--x--\r\n',
      'multipart on a JSON route',
    ],
    ['application/xml', '<id>1</id>', 'XML body'],
  ]);
  return { method, url, headers: { 'content-type': broken[0] }, body: broken[1], label: broken[2] };
}

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 40)}… (${text.length} chars)` : text;
}

/** A query parameter's text: sample values, hostile ones, and broken percent-encoding. */
function queryText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value).slice(0, 20_000) : String(value);
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a careless client would (an encoded surrogate).
    return '%ED%A0%80';
  }
}

const rawQueryValues = [
  '%ED%A0%80',
  '%00',
  '%E0%A4%A',
  '%',
  '%ZZ',
  'a%00b',
  '%E2%80%AE',
  '1%0A2',
  'x'.repeat(20_000),
];

function queryRequest(
  operation: FuzzOperation,
  path: string,
  random: Random,
  baseBody?: string,
): FuzzRequest {
  const values = new Map<string, string>();
  for (const parameter of operation.query) {
    if (parameter.required || random.next() < 0.4) {
      values.set(parameter.name, queryText(sampleOf(parameter.schema, random)));
    }
  }
  const names = operation.query.map((parameter) => parameter.name);
  const name = names.length > 0 && random.next() < 0.9 ? random.pick(names) : `unknown_${random.int(99)}`;
  let label: string;
  let extra = '';
  const roll = random.next();
  if (roll < 0.6) {
    const value = random.cycle(hostileValues);
    values.set(name, queryText(value));
    label = `query ${name} = ${describe(value)}`;
  } else if (roll < 0.8) {
    const raw = random.pick(rawQueryValues);
    values.set(name, raw);
    label = `query ${name} = raw ${describe(raw)}`;
  } else {
    // The same name twice reaches the schema as an array.
    extra = `&${name}=1&${name}=${queryText(random.pick(hostileValues))}`;
    label = `query ${name} repeated`;
  }
  const query = [...values].map(([key, value]) => `${key}=${value}`).join('&') + extra;
  return {
    method: operation.method,
    url: query ? `${path}?${query}` : path,
    headers: baseBody === undefined ? {} : jsonHeaders,
    ...(baseBody === undefined ? {} : { body: baseBody }),
    label,
  };
}

const hostileFileNames = [
  'a\u0000b.png',
  '\u202Egnp.exe',
  'photo\u2066\u2069.png',
  '../../../etc/passwd',
  '',
  '.',
  'x'.repeat(2_000) + '.png',
  'con.png',
  'name\r\nX-Injected: 1.png',
  '"quoted".png',
  '中文名字.jpg',
  '\u0007\u001b[31mred.png',
];

/** A tiny real PNG, so a request can get past the type check to the name. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000000000005000157ddf3a50000000049454e44ae426082',
  'hex',
);

function multipartRequest(operation: FuzzOperation, url: string, random: Random): FuzzRequest {
  const boundary = `----fuzz${random.int(1e9)}`;
  const fileName = random.pick(hostileFileNames);
  const fieldValue = String(random.pick(hostileValues.filter((value) => typeof value === 'string')));
  const content = random.pick([PNG, Buffer.alloc(0), Buffer.from('not an image'), Buffer.from('%PDF-1.4\n')]);
  const shape = random.int(6);
  const part = (headers: string, body: string | Buffer) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
      Buffer.from(body),
      Buffer.from('\r\n'),
    ]);
  const fieldNames = Object.keys(operation.multipart?.properties ?? {}).filter((name) => name !== 'file');
  const fieldName = fieldNames.length > 0 ? random.pick(fieldNames) : 'purpose';
  const parts: Buffer[] = [];
  if (shape !== 1) parts.push(part(`Content-Disposition: form-data; name="${fieldName}"`, fieldValue));
  if (shape !== 2) {
    const disposition = `Content-Disposition: form-data; name="${shape === 3 ? 'other' : 'file'}"; filename="${fileName}"`;
    parts.push(part(`${disposition}\r\nContent-Type: image/png`, content));
  }
  const end = shape === 4 ? Buffer.alloc(0) : Buffer.from(`--${boundary}--\r\n`);
  const type = shape === 5 ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
  return {
    method: operation.method,
    url,
    headers: { 'content-type': type },
    body: Buffer.concat([...parts, end]),
    label: `multipart shape ${shape}, file name ${describe(fileName)}, field ${fieldName} = ${describe(fieldValue)}`,
  };
}

/** One malformed request for an operation. */
export function fuzzRequest(operation: FuzzOperation, random: Random): FuzzRequest {
  let path = operation.path;
  let pathLabel = '';
  for (const parameter of operation.pathParams) {
    const value = random.next() < 0.7 ? random.pick(hostileValues) : sampleOf(parameter.schema, random);
    path = path.replace(`{${parameter.name}}`, queryText(value) || '0');
    pathLabel = `path ${parameter.name} = ${describe(value)}; `;
  }
  let request: FuzzRequest;
  if (operation.multipart) request = multipartRequest(operation, path, random);
  else if (operation.jsonBody && (operation.query.length === 0 || random.next() < 0.7)) {
    request = jsonBodyRequest(operation, path, random);
  } else {
    const body = operation.jsonBody ? JSON.stringify(sampleOf(operation.jsonBody, random)) : undefined;
    request = queryRequest(operation, path, random, body);
  }
  return { ...request, label: pathLabel + request.label };
}

export interface AnswerCheck {
  status: number;
  contentType: string | undefined;
  body: string;
}

/** Why an answer breaks the contract, or undefined when it keeps it. */
export function contractBreach(
  answer: AnswerCheck,
  httpStatusOf: Record<number, number>,
): string | undefined {
  if (answer.status >= 500) return `HTTP ${answer.status}: ${answer.body.slice(0, 300)}`;
  const isJson = answer.contentType?.startsWith('application/json') ?? false;
  // A 2xx that is not JSON is a file (an export, an upload read back); an error must be the envelope.
  if (!isJson) return answer.status < 300 ? undefined : `HTTP ${answer.status} without the JSON envelope`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `HTTP ${answer.status}: the body is not JSON`;
  }
  const envelope = asObject(body);
  if (typeof envelope.code !== 'number' || typeof envelope.message !== 'string' || !('data' in envelope)) {
    return `HTTP ${answer.status}: not the envelope: ${answer.body.slice(0, 200)}`;
  }
  const expected = httpStatusOf[envelope.code];
  if (expected !== answer.status)
    return `HTTP ${answer.status} with code ${envelope.code} (expected HTTP ${expected})`;
  return undefined;
}
