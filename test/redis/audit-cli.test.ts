/**
 * `npx ai-sdk-pii audit show|verify` on a real trail: a tool loop through the real middleware
 * and tool wrapper, its trail in Redis and in a JSON Lines file (a callback sink); the command
 * runs as its own process, as a DPO runs it.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { createPii } from '../../src/core/create-pii';
import { redisAuditSink } from '../../src/redis';
import { testEmailDetector, testNameDetector } from '../core/helpers';
import { streamResult, textParts, toolCallPart } from '../support/mock-model';
import { redisUrl } from './helpers';

const SECRET = 'cli-audit-secret-0123456789abcdef-012345';
const PREFIX = 'audit-cli:';
const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'audit-cli-'));
const file = join(dir, 'audit.jsonl');
const conversationId = `chat-${randomUUID()}`;

/** Runs the command; its exit code and output. */
function command(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? '', ...env } },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

const sink = redisAuditSink({ url: redisUrl(), prefix: PREFIX });

beforeAll(async () => {
  // One conversation, both sinks: Redis, and a callback that writes JSON Lines.
  const both = {
    head: sink.head,
    async append(entries: Parameters<typeof sink.append>[0], hashes: readonly string[]) {
      const stored = await sink.append(entries, hashes);
      if (stored.ok) for (const e of entries) appendFileSync(file, `${JSON.stringify(e)}\n`);
      return stored;
    },
  };
  const pii = createPii({
    detectors: [testEmailDetector, testNameDetector(['Jean Dupont'])],
    audit: { sink: both, secret: SECRET, keyId: 'k1' },
  });
  const session = pii.session(conversationId);
  const tools = withPiiTools(
    {
      lookup: tool({
        inputSchema: jsonSchema<{ q: string }>({
          type: 'object',
          properties: { q: { type: 'string' } },
        }),
        execute: async ({ q }) => `${q}: marie.curie@exemple.fr`,
      }),
    },
    { session },
  );
  const model = new MockLanguageModelV3({
    doStream: [
      streamResult([toolCallPart('c1', 'lookup', { q: '<<EMAIL:1>>' })]),
      streamResult(textParts('t', ['Trouvé <<EMAIL:2>> pour <<PERSON:1>>.'])),
    ],
  });
  const result = streamText({
    model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
    tools,
    messages: [{ role: 'user', content: 'Cherchez Jean Dupont, jean.dupont@exemple.fr' }],
    stopWhen: stepCountIs(2),
  });
  await result.consumeStream();
});

afterAll(() => sink.close());

describe('ai-sdk-pii audit', () => {
  it('show prints the trail from Redis as a table: one line per entry, labels and counts', async () => {
    const { code, out } = await command([
      'audit',
      'show',
      conversationId,
      '--redis',
      redisUrl(),
      '--prefix',
      PREFIX,
    ]);
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^SEQ\s+AT\s+TYPE\s+CALL\s+MASKED\s+RESTORED\s+NOTES$/);
    expect(lines).toHaveLength(4);
    const byType = (type: string) => lines.find((l) => l.includes(` ${type} `))!;
    expect(byType('tool-call')).toMatch(/lookup full ok \d+ ms\s+EMAIL×2\s+EMAIL×1/);
    expect(lines.filter((l) => / model-call /.test(l))).toHaveLength(2);
    expect(out).toMatch(
      /step 2 mock-provider\/mock-model-id stream ok \d+ ms\s+EMAIL×2 PERSON×1\s+EMAIL×1 PERSON×1/,
    );
    // Labels and counts only.
    expect(out).not.toMatch(/exemple\.fr|Dupont|Curie/);
  });

  it('verify checks the trail in Redis and in the JSON Lines file', async () => {
    for (const source of [
      ['--redis', redisUrl(), '--prefix', PREFIX],
      ['--file', file],
    ]) {
      const ok = await command(['audit', 'verify', conversationId, ...source], {
        PII_AUDIT_SECRET: SECRET,
      });
      expect(ok.code, ok.err).toBe(0);
      expect(ok.out).toMatch(
        /^OK: 3 entries of chat-\S+, seq 0 to 2, chained and signed \(keys: k1\)/,
      );
    }
    // The variable named by --secret-env, and rotated secrets as JSON.
    const named = await command(
      ['audit', 'verify', conversationId, '--file', file, '--secret-env', 'MY_SECRET'],
      {
        MY_SECRET: SECRET,
      },
    );
    expect(named.code).toBe(0);
    const rotated = await command(['audit', 'verify', conversationId, '--file', file], {
      PII_AUDIT_SECRETS: JSON.stringify({
        k0: 'old-secret-0123456789abcdef-0123456789',
        k1: SECRET,
      }),
    });
    expect(rotated.code).toBe(0);
  });

  it('verify exits with 1 on a tampered file or a wrong secret, with 2 without a secret', async () => {
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const entry = JSON.parse(lines[1]!);
    const tampered = join(dir, 'tampered.jsonl');
    const edited = entry.masked ? { ...entry, masked: {} } : { ...entry, outcome: 'error' };
    writeFileSync(tampered, [lines[0], JSON.stringify(edited), lines[2]].join('\n'));
    const edit = await command(['audit', 'verify', conversationId, '--file', tampered], {
      PII_AUDIT_SECRET: SECRET,
    });
    expect(edit.code).toBe(1);
    expect(edit.out).toMatch(/^FAILED: entry 1 \(seq 1\) does not match its MAC.*\[mac\]/);

    const removed = join(dir, 'removed.jsonl');
    writeFileSync(removed, [lines[0], lines[2]].join('\n'));
    const gap = await command(['audit', 'verify', conversationId, '--file', removed], {
      PII_AUDIT_SECRET: SECRET,
    });
    expect(gap.code).toBe(1);
    expect(gap.out).toMatch(/\[seq\]/);

    const wrong = await command(['audit', 'verify', conversationId, '--file', file], {
      PII_AUDIT_SECRET: 'wrong-secret-0123456789abcdef-0123456789',
    });
    expect(wrong.code).toBe(1);
    const none = await command(['audit', 'verify', conversationId, '--file', file]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/PII_AUDIT_SECRET is not set/);
    const usage = await command(['audit', 'list']);
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/^Usage:/);
  });
});
