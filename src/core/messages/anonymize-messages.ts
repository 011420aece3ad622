import type { AnonymizeOptions } from '../anonymize';
import type { OptionKeys } from '../check-options';
import { PiiConfigError } from '../errors';
import type { ToolStrategy } from '../tool-strategy';
import { joinTexts } from './joined-parts';
import { type AnonymizeMany, TextBatch } from './text-batch';
import { readTextFile } from './text-file';

export interface AnonymizeMessagesOptions {
  /**
   * Token-shaped text in user messages (G8). `untrusted` (default): neutralised in every user
   * message, since a client can send any history. `trusted`: kept in the messages before the
   * last one, for apps that load an already anonymized history from their own database; the
   * last user message is new input and is neutralised. `anonymized`: kept in every user
   * message, for messages that already went through `session.anonymizeMessages` (which
   * neutralised what the user typed) in this request.
   */
  history?: 'untrusted' | 'trusted' | 'anonymized';
  /**
   * Assistant text and tool-call inputs. `known` (default): only values the conversation
   * already knows are masked; values the model introduced itself stay (BR-TOOL-09). `all`:
   * detectors run on them too.
   */
  assistant?: 'known' | 'all';
  /** System messages: `keep` (default) or `anonymize`. */
  system?: 'keep' | 'anonymize';
  /**
   * Which successful tool results are masked. `all` (default): every one, for a stored
   * history or a trace free of personal data. `strategy`: only those of `full` and `output`
   * tools; `input` and `passthrough` results stay as the tool returned them (BR-TOOL-02, -04).
   * Error results are masked in both cases.
   */
  toolResults?: 'all' | 'strategy';
  /** Strategy of each tool (absent tools count as `full`). */
  toolStrategies?: ReadonlyMap<string, ToolStrategy>;
  /**
   * Called for each file or image that is not scanned: images, audio, PDFs and other binary
   * files, remote (`http(s):`) URLs, provider references, text in a charset not read (other
   * than UTF-8, UTF-16 and Windows-1252). Text files whose content is at hand (see
   * `readTextFile`) are anonymized like the text around them instead, and not passed here,
   * unless their bytes were read as Windows-1252 with no charset declared (a guess:
   * `TextFile.uncertain`), which are anonymized and passed here as well.
   * Throw to refuse the file.
   */
  onFile?: (file: { role: string; mediaType: string | undefined }) => void;
}

/** The known keys of {@link AnonymizeMessagesOptions}, for `checkOptions`. */
export const ANONYMIZE_MESSAGES_KEYS = {
  history: 'optional',
  assistant: 'optional',
  system: 'optional',
  toolResults: 'optional',
  toolStrategies: 'optional',
  onFile: 'optional',
} as const satisfies OptionKeys<AnonymizeMessagesOptions>;

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTextPart = (p: unknown): p is Obj =>
  isObj(p) && p.type === 'text' && typeof p.text === 'string';

const HISTORY = ['untrusted', 'trusted', 'anonymized'] as const;
const ASSISTANT = ['known', 'all'] as const;
const SYSTEM = ['keep', 'anonymize'] as const;
const TOOL_RESULTS = ['all', 'strategy'] as const;

/** Throws a `PiiConfigError` when an option is not one of its allowed values. */
export function checkChoice<T extends string>(
  name: string,
  value: T | undefined,
  allowed: readonly T[],
): void {
  if (value !== undefined && !allowed.includes(value)) {
    throw new PiiConfigError(
      `Option \`${name}\` must be one of ${allowed.map((a) => `'${a}'`).join(', ')}; got ${JSON.stringify(value)}.`,
    );
  }
}

/** Validates `AnonymizeMessagesOptions` (shared by `piiMiddleware`). */
export function checkMessagesOptions(options: AnonymizeMessagesOptions): void {
  checkChoice('history', options.history, HISTORY);
  checkChoice('assistant', options.assistant, ASSISTANT);
  checkChoice('system', options.system, SYSTEM);
  checkChoice('toolResults', options.toolResults, TOOL_RESULTS);
}

/**
 * Anonymizes a conversation, structurally: UI messages (`parts`), model messages (`content`
 * string or parts) and provider prompts (the `LanguageModelV3/V4Prompt` a middleware sees)
 * alike. Returns copies; the input is not modified. One `anonymizeMany` call per kind of text
 * (user, assistant, tool, system) for the whole conversation.
 *
 * @example
 * const safe = await anonymizeMessages(messages, (t, o) => session.anonymizeMany(t, o));
 */
export async function anonymizeMessages<T>(
  messages: readonly T[],
  anonymizeMany: AnonymizeMany,
  options: AnonymizeMessagesOptions = {},
): Promise<T[]> {
  if (!Array.isArray(messages))
    throw new PiiConfigError('anonymizeMessages(messages) expects an array of messages.');
  checkMessagesOptions(options);
  const walker = new MessageWalker(options);
  let lastUser = -1;
  messages.forEach((m, i) => {
    if (isObj(m) && m.role === 'user') lastUser = i;
  });
  const out = messages.map((m, i) => walker.message(m, i === lastUser) as T);
  await walker.batch.run(anonymizeMany);
  return out;
}

const USER_NEW: AnonymizeOptions = { role: 'user', tokens: 'neutralize' };
const USER_HISTORY: AnonymizeOptions = { role: 'user', tokens: 'keep' };
// Written by the app's developers: tokens placed there on purpose are kept.
const SYSTEM_TEXT: AnonymizeOptions = { role: 'user', tokens: 'keep', origin: { kind: 'app' } };

/** The options of one tool's results, its name as their values' origin. */
interface ToolResultOptions {
  /** Results of tools given tokens (or already masked by withPiiTools): their tokens are ours. */
  keep: AnonymizeOptions;
  /** Results of tools given real values: token-shaped text in them is forged (G8). */
  neutralize: AnonymizeOptions;
  /** Results of `input` tools reach the model as returned (BR-TOOL-02), forged tokens excepted. */
  neutralizeOnly: AnonymizeOptions;
}

function toolResultOptions(toolName: unknown): ToolResultOptions {
  const origin = { kind: 'tool', tool: typeof toolName === 'string' ? toolName : '' } as const;
  return {
    keep: { role: 'tool', tokens: 'keep', origin },
    neutralize: { role: 'tool', tokens: 'neutralize', origin },
    neutralizeOnly: { role: 'tool', tokens: 'neutralize', detect: false, sweep: false, origin },
  };
}

class MessageWalker {
  readonly batch = new TextBatch();
  readonly #options: AnonymizeMessagesOptions;
  readonly #assistant: AnonymizeOptions;
  readonly #perTool = new Map<string, ToolResultOptions>();

  constructor(options: AnonymizeMessagesOptions) {
    this.#options = options;
    this.#assistant = { role: 'assistant', tokens: 'keep', detect: options.assistant === 'all' };
  }

  message(message: unknown, isLastUser: boolean): unknown {
    if (!isObj(message)) return message;
    const copy: Obj = { ...message };
    const role = typeof message.role === 'string' ? message.role : '';
    const text = this.#textOptions(role, isLastUser);
    if (Array.isArray(message.parts)) copy.parts = this.#parts(message.parts, role, text);
    if (typeof message.content === 'string') {
      if (text) this.batch.add(text, message.content, (s) => (copy.content = s));
    } else if (Array.isArray(message.content)) {
      copy.content = this.#parts(message.content, role, text);
    }
    return copy;
  }

  /**
   * The parts of one message. Consecutive text parts are read as the one text the model reads
   * (`joinTexts`), so that a value split over two parts is found whole.
   */
  #parts(parts: readonly unknown[], role: string, text: AnonymizeOptions | undefined): unknown[] {
    const out: unknown[] = [];
    for (let i = 0; i < parts.length; ) {
      let j = i;
      while (text && j < parts.length && isTextPart(parts[j])) j++;
      const run = parts.slice(i, j) as Obj[];
      const joined = text && joinTexts(run.map((p) => p.text as string));
      if (text && joined) {
        const copies = run.map((p) => ({ ...p }));
        this.batch.add(text, joined.text, (s) => {
          joined.split(s).forEach((t, k) => {
            copies[k]!.text = t;
          });
        });
        out.push(...copies);
        i = j;
      } else {
        out.push(this.#part(parts[i], role, text));
        i++;
      }
    }
    return out;
  }

  /** Options for the plain text of a message of this role; undefined: leave it. */
  #textOptions(role: string, isLastUser: boolean): AnonymizeOptions | undefined {
    switch (role) {
      case 'user': {
        const history = this.#options.history ?? 'untrusted';
        const keep = history === 'anonymized' || (history === 'trusted' && !isLastUser);
        return keep ? USER_HISTORY : USER_NEW;
      }
      case 'assistant':
        return this.#assistant;
      case 'system':
        return this.#options.system === 'anonymize' ? SYSTEM_TEXT : undefined;
      default:
        return undefined;
    }
  }

  /** Text a person typed outside a user message (approval reasons). */
  #typedByUser(): AnonymizeOptions {
    return this.#options.history === 'anonymized' ? USER_HISTORY : USER_NEW;
  }

  #strategy(toolName: unknown): ToolStrategy {
    return (typeof toolName === 'string' && this.#options.toolStrategies?.get(toolName)) || 'full';
  }

  /** Options for a successful tool result, or undefined when it is sent as the tool returned it. */
  #resultOptions(toolName: unknown): AnonymizeOptions | undefined {
    const strategy = this.#strategy(toolName);
    if (this.#options.toolResults === 'strategy') {
      // `input` tools were given real values: what looks like a token in their result is
      // forged (G8). `passthrough` tools were given tokens and may echo them.
      if (strategy === 'input') return this.#toolOptions(toolName).neutralizeOnly;
      if (strategy === 'passthrough') return undefined;
    }
    return this.#errorOptions(toolName);
  }

  #errorOptions(toolName: unknown): AnonymizeOptions {
    const options = this.#toolOptions(toolName);
    return this.#strategy(toolName) === 'input' ? options.neutralize : options.keep;
  }

  /** One set per tool name, so that a tool's results share their batch groups. */
  #toolOptions(toolName: unknown): ToolResultOptions {
    const key = typeof toolName === 'string' ? toolName : '';
    let options = this.#perTool.get(key);
    if (!options) {
      options = toolResultOptions(key);
      this.#perTool.set(key, options);
    }
    return options;
  }

  /**
   * A file, image or file item of a tool result. A text file that can be read is anonymized
   * with the options of the text around it (`text`; none: left alone) and written back, in a
   * copy, in the representation it came in; any other file goes to `onFile`.
   */
  #file(role: string, part: Obj, text: AnonymizeOptions | undefined): Obj {
    const file = text ? readTextFile(part) : undefined;
    // A file whose encoding is a guess is masked as far as it can be read, but counts as not
    // scanned: reported too (`files: 'reject'` refuses it).
    if (!text || !file || file.uncertain) {
      this.#options.onFile?.({
        role,
        mediaType: typeof part.mediaType === 'string' ? part.mediaType : undefined,
      });
    }
    if (!text || !file) return part;
    const copy: Obj = { ...part };
    this.batch.add(text, file.text, (s) => {
      // Unchanged text keeps its exact bytes (and encoding) as sent.
      if (s !== file.text) copy[file.key] = file.encode(s);
    });
    return copy;
  }

  #part(part: unknown, role: string, text: AnonymizeOptions | undefined): unknown {
    if (!isObj(part)) return part;
    const type = typeof part.type === 'string' ? part.type : '';
    const copy: Obj = { ...part };
    const setKey = (key: string) => (v: unknown) => {
      copy[key] = v;
    };
    switch (type) {
      case 'text':
        if (text && typeof part.text === 'string') this.batch.add(text, part.text, setKey('text'));
        return copy;
      case 'reasoning':
        // Masking known values leaves unchanged reasoning (and its signature) intact; reasoning
        // restored for display would otherwise go back to the model in clear.
        if (typeof part.text === 'string')
          this.batch.add(this.#assistant, part.text, setKey('text'));
        return copy;
      case 'file':
      case 'image':
        // Text files (inline text documents included) are text like any other.
        return this.#file(role, copy, text);
      case 'reasoning-file':
        return this.#file(role, copy, this.#assistant);
      case 'tool-call':
        // BR-TOOL-09: a known value the model wrote in clear in a call goes back as its token.
        this.batch.addValue(this.#assistant, part.input, setKey('input'));
        return copy;
      case 'tool-result':
        if ('output' in part) copy.output = this.#output(part.output, part.toolName, role);
        else if ('result' in part) {
          const opts = this.#resultOptions(part.toolName);
          if (opts) this.batch.addValue(opts, part.result, setKey('result'));
        }
        return copy;
      case 'tool-approval-request':
        return copy;
      case 'tool-approval-response':
        // A reason the person typed when approving or denying: user input (G8).
        if (typeof part.reason === 'string')
          this.batch.add(this.#typedByUser(), part.reason, setKey('reason'));
        return copy;
      case 'steering-message':
        // Text a person typed while the assistant was working: new user input.
        if (Array.isArray(part.parts)) copy.parts = this.#parts(part.parts, 'user', USER_NEW);
        return copy;
      default:
        if (type === 'dynamic-tool' || type.startsWith('tool-')) return this.#uiTool(part, copy);
        return copy;
    }
  }

  /** A UI tool part (`tool-<name>` or `dynamic-tool`): input, output, error, approval. */
  #uiTool(part: Obj, copy: Obj): Obj {
    const toolName =
      part.type === 'dynamic-tool' ? part.toolName : String(part.type).slice('tool-'.length);
    if ('input' in part) this.batch.addValue(this.#assistant, part.input, (v) => (copy.input = v));
    if (typeof part.rawInput === 'string')
      this.batch.add(this.#assistant, part.rawInput, (v) => (copy.rawInput = v));
    if ('output' in part && part.output !== undefined) {
      const opts = this.#resultOptions(toolName);
      if (opts) this.batch.addValue(opts, part.output, (v) => (copy.output = v));
    }
    if (typeof part.errorText === 'string') {
      this.batch.add(this.#errorOptions(toolName), part.errorText, (v) => (copy.errorText = v));
    }
    if (isObj(part.approval)) {
      const approval: Obj = { ...part.approval };
      copy.approval = approval;
      for (const key of ['reason', 'requestReason'] as const) {
        const value = approval[key];
        if (typeof value === 'string')
          this.batch.add(this.#typedByUser(), value, (v) => (approval[key] = v));
      }
    }
    return copy;
  }

  /** A typed tool-result output (`text`, `json`, `error-*`, `execution-denied`, `content`). */
  #output(output: unknown, toolName: unknown, role: string): unknown {
    if (!isObj(output)) return output;
    const copy: Obj = { ...output };
    const set = (v: unknown) => {
      copy.value = v;
    };
    switch (output.type) {
      case 'text':
      case 'json': {
        const opts = this.#resultOptions(toolName);
        if (opts) this.batch.addValue(opts, output.value, set);
        return copy;
      }
      case 'error-text':
      case 'error-json':
        // Masked whatever the strategy: an error may quote the real arguments.
        this.batch.addValue(this.#errorOptions(toolName), output.value, set);
        return copy;
      case 'execution-denied':
        // The SDK copies the person's denial reason here: user input (G8).
        if (typeof output.reason === 'string')
          this.batch.add(this.#typedByUser(), output.reason, (v) => (copy.reason = v));
        return copy;
      case 'content': {
        if (!Array.isArray(output.value)) return copy;
        const opts = this.#resultOptions(toolName);
        copy.value = output.value.map((item) => {
          if (!isObj(item)) return item;
          if (item.type === 'custom') return item;
          // `file`, `file-data`, `media`, `file-url`, `image-*`...: text files are scanned when
          // the result's text is.
          if (item.type !== 'text') return this.#file(role, item, opts);
          const itemCopy: Obj = { ...item };
          if (opts && typeof item.text === 'string')
            this.batch.add(opts, item.text, (v) => (itemCopy.text = v));
          return itemCopy;
        });
        return copy;
      }
      default:
        return copy;
    }
  }
}
