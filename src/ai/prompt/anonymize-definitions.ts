import { isSchemaNode, mapSchemaNodes, type SchemaNode } from '../schema/subschemas';
import type { StringBatch } from './string-batch';

/** Schema keywords whose value is text for the model. */
const TEXT_KEYWORDS = ['title', 'description', '$comment'] as const;
/**
 * Schema keywords whose value is data that the model reads as given: every string in it (keys
 * of objects too). `example` is OpenAPI's, which some generators write into JSON schemas.
 */
const DATA_KEYWORDS = ['enum', 'const', 'default', 'examples', 'example'] as const;

/** A provider tool's argument holding text for the model: `description`, `serverDescription`. */
const TEXT_ARGUMENT = /^(?:description|[a-z][A-Za-z0-9]*Description)$/;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a model call carries besides its prompt, as `transformParams` receives it. */
export interface CallDefinitions {
  tools?: readonly unknown[];
  responseFormat?: unknown;
}

/**
 * Queues the text and data of a JSON schema, at every depth: `title`, `description` and
 * `$comment` as text, `enum`, `const`, `default`, `examples` (and `example`) as values. Property
 * names, `required`, `pattern`, `format` and the other keywords are names and constraints, and
 * stay. Returns the copy that receives the results.
 *
 * @example
 * const copy = queueSchema(batch, { type: 'string', enum: ['jean@x.fr'] });
 * await batch.run(anonymizeMany, options); // copy.enum: ['<<EMAIL:1>>']
 */
export function queueSchema(batch: StringBatch, schema: unknown): unknown {
  return mapSchemaNodes(schema, (node: SchemaNode) => {
    for (const key of TEXT_KEYWORDS) {
      const text = node[key];
      if (typeof text === 'string') batch.add(text, (s) => (node[key] = s));
    }
    for (const key of DATA_KEYWORDS) {
      if (key in node) batch.addValue(node[key], (v) => (node[key] = v));
    }
  });
}

/** Queues a provider tool's arguments that are text for the model; the others stay as given. */
function queueProviderArgs(batch: StringBatch, args: unknown, depth = 0): unknown {
  if (depth > 32) return args;
  if (Array.isArray(args)) return args.map((v) => queueProviderArgs(batch, v, depth + 1));
  if (!isObj(args)) return args;
  const copy: Obj = { ...args };
  for (const [key, value] of Object.entries(args)) {
    if (typeof value === 'string' && TEXT_ARGUMENT.test(key)) {
      batch.add(value, (s) => (copy[key] = s));
    } else if (typeof value === 'object' && value !== null) {
      copy[key] = queueProviderArgs(batch, value, depth + 1);
    }
  }
  return copy;
}

function queueTool(batch: StringBatch, tool: unknown): unknown {
  if (!isObj(tool)) return tool;
  const copy: Obj = { ...tool };
  if (tool.type === 'provider' || tool.type === 'provider-defined') {
    if ('args' in tool) copy.args = queueProviderArgs(batch, tool.args);
    return copy;
  }
  if (typeof tool.description === 'string') {
    batch.add(tool.description, (s) => (copy.description = s));
  }
  if ('inputSchema' in tool) copy.inputSchema = queueSchema(batch, tool.inputSchema);
  if (Array.isArray(tool.inputExamples)) {
    copy.inputExamples = tool.inputExamples.map((example) => {
      if (!isObj(example)) return example;
      const exampleCopy: Obj = { ...example };
      batch.addValue(example.input, (v) => (exampleCopy.input = v));
      return exampleCopy;
    });
  }
  return copy;
}

function queueResponseFormat(batch: StringBatch, format: unknown): unknown {
  if (!isObj(format) || format.type !== 'json') return format;
  const copy: Obj = { ...format };
  if (isSchemaNode(format.schema)) copy.schema = queueSchema(batch, format.schema);
  if (typeof format.description === 'string') {
    batch.add(format.description, (s) => (copy.description = s));
  }
  if (typeof format.name === 'string') {
    const name = format.name;
    // An identifier for providers (`^[a-zA-Z0-9_-]+$` at OpenAI): a token would be refused.
    // A name that holds a value is dropped; the provider then uses its default.
    batch.add(name, (s) => {
      if (s !== name) delete copy.name;
    });
  }
  return copy;
}

/**
 * Queues what a model call sends the provider besides its prompt and that is text for the
 * model: each function tool's `description`, its input schema's text and data at every depth
 * (`queueSchema`) and its `inputExamples`; the text arguments of provider tools (`description`,
 * `…Description`), their other arguments (configuration: locations, ids, URLs, credentials)
 * staying as given; the response format's schema, `description` and `name`. Tool names,
 * property names and `providerOptions` are never rewritten. Returns the copies that receive
 * the results (only the keys that were present).
 *
 * @example
 * const out = queueDefinitions(batch, params);
 * await batch.run((t, o) => session.anonymizeMany(t, o), { role: 'user', tokens: 'keep' });
 * return { ...params, ...out };
 */
export function queueDefinitions(batch: StringBatch, call: CallDefinitions): CallDefinitions {
  const out: CallDefinitions = {};
  if (Array.isArray(call.tools)) out.tools = call.tools.map((t) => queueTool(batch, t));
  if (call.responseFormat !== undefined) {
    out.responseFormat = queueResponseFormat(batch, call.responseFormat);
  }
  return out;
}
