/**
 * The Next.js example writes its audit trail to Redis when `REDIS_URL` is set: its chat route,
 * called in process against the mock OpenAI-compatible server (as the browser test runs it
 * built by Next), leaves a trail that verifies, with the model calls and the `sendEmail` call.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatAudit } from '../../examples/next-chat/app/audit';
import { verifyAuditTrail } from '../../src/core/audit/verify-audit-trail';
import { readAuditTrail } from '../../src/redis';
import {
  type MockOpenAI,
  nextChatScenario,
  startMockOpenAI,
} from '../e2e/support/mock-openai-server';
import { findLeaks } from '../support/leak-readings';
import { redisUrl } from './helpers';

const SECRET = 'example-audit-secret-0123456789abcdef-01';

describe('examples/next-chat: the audit trail', () => {
  it('is off without REDIS_URL, and needs a secret with it', () => {
    expect(chatAudit({})).toBeUndefined();
    expect(() => chatAudit({ REDIS_URL: redisUrl() })).toThrow(/PII_AUDIT_SECRET/);
  });

  describe('the chat route with REDIS_URL set', () => {
    let main: MockOpenAI;
    const saved = { ...process.env };
    beforeAll(async () => {
      main = await startMockOpenAI(nextChatScenario);
      Object.assign(process.env, {
        OPENAI_BASE_URL: main.baseURL,
        OPENAI_API_KEY: 'test',
        REDIS_URL: redisUrl(),
        // With REDIS_URL, the example keeps its chats and vaults in Redis too.
        PII_VAULT_KEY: randomBytes(32).toString('base64'),
        PII_VAULT_HMAC_KEY: randomBytes(32).toString('base64'),
        PII_AUDIT_SECRET: SECRET,
      });
      // The route reads the environment when it is loaded, as `next start` does.
      vi.resetModules();
    });
    afterAll(async () => {
      process.env = saved;
      await main.close();
    });

    it('appends one verified chain per chat to Redis, with labels and counts only', async () => {
      const { POST } = await import('../../examples/next-chat/app/api/chat/route');
      const id = `chat-${randomUUID()}`;
      const typed = 'Écrivez à Jean Dupont, jean.dupont@exemple.fr, que son dossier est prêt';
      const response = await POST(
        new Request('http://localhost/api/chat', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // The page sends its last message only; the server keeps the history.
          body: JSON.stringify({
            id,
            message: { id: 'u1', role: 'user', parts: [{ type: 'text', text: typed }] },
          }),
        }),
      );
      expect(response.status).toBe(200);
      await response.text();

      const trail = await readAuditTrail({ url: redisUrl() }, id);
      expect(await verifyAuditTrail(trail, { secret: SECRET })).toMatchObject({ ok: true });
      expect(trail.map((e) => e.type)).toEqual(['model-call', 'tool-call', 'model-call']);
      expect(trail[1]).toMatchObject({
        toolName: 'sendEmail',
        outcome: 'ok',
        restored: { EMAIL: 1 },
        keyId: 'k1',
      });
      expect(trail[0]).toMatchObject({ masked: { EMAIL: 1, PERSON: 1 }, provider: 'openai.chat' });
      expect(
        findLeaks([JSON.stringify(trail)], ['Jean Dupont', 'jean.dupont@exemple.fr'], {
          variants: true,
        }),
      ).toEqual([]);
    });
  });
});
