/**
 * A backslash before `n`, `r` or `t` is also a path or domain separator (`C:\Users\nathalie`,
 * `CORP\tmartin`, LaTeX `\newline`): the value after it keeps its first letter, is masked
 * whole (API keys, known names, addresses, in plain text, JSON and tool results) and keeps the
 * token the conversation knows.
 */
import { stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import { createPii } from '../../../src/core/create-pii';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';
import { toolResultsIn } from '../../ai/tools/conversation';
import { toolCallingModel } from '../../ai/tools/model-fixtures';

const session = (id: string) => createPii({ store: memoryVaultStore() }).session(id);

const NPM = 'npm_abcdefghijklmnopqrstuvwxyz0123456789';
const STRIPE = 'rk_live_a1B2c3D4e5F6g7H8i9J0k1L2';

describe('a value right after a backslash that starts with n, r or t is masked whole', () => {
  // G1 (4e6194d and 549c5f1 mask all of these; 3402ddb, reverted, did not). The backslash is a path or
  // domain separator, not an escape; the single decoded reading reads `\n` as a line break and
  // the value from its second letter. Suggested fix: keep the reading as written (or an excerpt
  // of it around such escapes) when the backslash of `\n`, `\r`, `\t` follows a backslash or a
  // letter, digit, `:` (a path, `DOMAIN\user`, LaTeX); JSON escapes follow a space, punctuation
  // or another escape far more often.
  it.each([
    [`C:\\Users\\${NPM}\\Documents`, NPM],
    [`set KEY=\\${STRIPE}`, STRIPE],
    [JSON.stringify({ path: `C:\\keys\\${NPM}`, note: 'a\nb' }), NPM],
    [JSON.stringify({ path: `C:\\keys\\${STRIPE}`, note: 'a\nb' }), STRIPE],
  ])('masks the API key in %j', async (text, key) => {
    // 34379ad: the text as it is.
    const out = await session('key-after-backslash').anonymize(text);
    expect(out).not.toContain(key);
    expect(out).toContain('<<API_KEY:1>>');
  });

  it.each([
    ['C:\\Users\\nathalie roux\\Documents', 'C:\\Users\\<<PERSON:1>>\\Documents'],
    [
      JSON.stringify({ p: 'C:\\Users\\nathalie roux\\Desktop', m: 'a\nb' }),
      '{"p":"C:\\\\Users\\\\<<PERSON:1>>\\\\Desktop","m":"a\\nb"}',
    ],
    [
      '\\textbf{Nathalie Roux}\\newline\\nathalie roux',
      '\\textbf{<<PERSON:1>>}\\newline\\<<PERSON:1>>',
    ],
  ])('sweeps the known name in %j', async (text, expected) => {
    const s = session('name-after-backslash');
    expect(await s.anonymize('My name is Nathalie Roux.')).toBe('My name is <<PERSON:1>>.');
    // 34379ad: `nathalie roux` in clear.
    expect(await s.anonymize(text)).toBe(expected);
  });

  it("sweeps the known name in the assistant's text", async () => {
    const s = session('assistant-after-backslash');
    await s.anonymize('I am Thomas Martin.');
    const out = await s.anonymize('Your folder is C:\\Users\\thomas martin\\Desktop', {
      role: 'assistant',
    });
    // 34379ad: `thomas martin` in clear.
    expect(out).toBe('Your folder is C:\\Users\\<<PERSON:1>>\\Desktop');
  });

  it('masks an address whose local part is the letter after the backslash', async () => {
    const text = JSON.stringify({ u: 'AzureAD\\t@corp.example', m: 'a\nb' });
    // 34379ad: the text as it is (`@corp.example` is no address).
    const out = await session('letter-address').anonymize(text);
    expect(out).not.toContain('t@corp.example');
    expect(out).toContain('<<EMAIL:1>>');
  });

  it("masks the key in a tool's result through withPiiTools", async () => {
    const s = session('tool-after-backslash');
    const prompt = await s.anonymize('List my keys');
    const tools = withPiiTools(
      {
        ls: tool({
          inputSchema: z.object({ dir: z.string() }),
          execute: async () => ({ files: [`C:\\keys\\${NPM}`, `C:\\keys\\${STRIPE}`] }),
        }),
      },
      { session: s },
    );
    const model = toolCallingModel({ toolName: 'ls', toolCallId: 'ls', input: { dir: 'keys' } });
    const result = streamText({ model, tools, prompt, stopWhen: stepCountIs(3) });
    await result.consumeStream();
    const seen = JSON.stringify(toolResultsIn(model.doStreamCalls[1]!.prompt));
    // 34379ad: both keys reach the model.
    expect(seen).not.toContain(NPM);
    expect(seen).not.toContain(STRIPE);
  });
});

describe('an address after a backslash and n, r or t is read with its first letter', () => {
  // G2: another token than the known address; G1: its first letter in clear. Seen on
  // 3402ddb for JSON texts and known addresses (549c5f1's written reading found the whole
  // address and the sweep its token); a fresh address after a single backslash kept its first
  // letter in clear on 549c5f1 already (53a13d8). Same reading as above.
  it.each([
    'AzureAD\\nathalie.roux@corp.example logged in',
    JSON.stringify({ user: 'AzureAD\\nathalie.roux@corp.example', m: 'ok\nbye' }),
    JSON.stringify({ path: 'C:\\Users\\nathalie.roux@corp.example\\Documents', m: 'a\tb' }),
  ])('gives the known address its token in %j', async (text) => {
    const s = session('known-address');
    await s.anonymize('Mail: nathalie.roux@corp.example');
    const out = await s.anonymize(text);
    // 34379ad: `AzureAD\n<<EMAIL:2>>` (value `athalie.roux@corp.example`).
    expect(out).toContain('\\<<EMAIL:1>>');
    expect(out).not.toContain('<<EMAIL:2>>');
  });

  it('masks the whole address, first letters included', async () => {
    const text = JSON.stringify({ user: 'CORP\\n.roux@corp.example', m: 'a\nb' });
    const out = await session('fresh-address').anonymize(text);
    // 34379ad: `CORP\\n.<<EMAIL:1>>`.
    expect(out).toBe('{"user":"CORP\\\\<<EMAIL:1>>","m":"a\\nb"}');
  });

  it('gives one token to the address in one batch', async () => {
    const out = await session('address-batch').anonymizeMany([
      'Mail: nathalie.roux@corp.example',
      JSON.stringify({ user: 'AzureAD\\nathalie.roux@corp.example', m: 'ok\nbye' }),
    ]);
    // 34379ad: the second text holds `\\n<<EMAIL:2>>`.
    expect(out[1]).toBe('{"user":"AzureAD\\\\<<EMAIL:1>>","m":"ok\\nbye"}');
  });
});

// Open (FINDINGS.md): an e-mail address after `\\\\n` (JSON inside JSON) takes the `n`. A fix that
// read such texts decoded only was reverted: it lost the letter after a path separator (above).
