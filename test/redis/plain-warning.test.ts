import { expect, it, vi } from 'vitest';
import { redisVaultStore } from '../../src/redis';
import { redisUrl } from './helpers';

// Its own file: the warning is once per process (module), and other files have used it already.
it('warns once, and only when encryption: false is said explicitly', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const first = redisVaultStore({ url: redisUrl(), encryption: false });
  const second = redisVaultStore({ url: redisUrl(), encryption: false });
  expect(warn).toHaveBeenCalledTimes(1);
  expect(warn.mock.calls[0]?.[0]).toMatch(/in clear/);
  void first.close();
  void second.close();
  warn.mockRestore();
});
