import { describe, expect, it } from 'vitest';
import { apiKeyDetector } from '../../../../src/core/detect/detectors/api-key';
import { found } from './helpers';

const keys = apiKeyDetector();
const jwt =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

describe('apiKeyDetector', () => {
  it.each([
    [
      'OPENAI_API_KEY=sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z',
      'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z',
    ],
    [
      'key: sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx-yz012345',
      'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx-yz012345',
    ],
    ['aws AKIAIOSFODNN7EXAMPLE,', 'AKIAIOSFODNN7EXAMPLE'],
    ['token ghp_16C7e42F292c6912E7710c838347Ae178B4a', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a'],
    [
      'github_pat_11ABCDEFG0123456789abc_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQ',
      'github_pat_11ABCDEFG0123456789abc_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQ',
    ],
    ['stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
    [
      'slack xoxb-123456789012-1234567890123-AbCdEfGhIjKl',
      'xoxb-123456789012-1234567890123-AbCdEfGhIjKl',
    ],
    [`Authorization: Bearer ${jwt}`, jwt],
    ['google AIzaSyA1234567890abcdefghijklmnopqrstuv', 'AIzaSyA1234567890abcdefghijklmnopqrstuv'],
    [
      'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    ],
  ])('finds %j', (text, value) => {
    expect(found(keys, text)).toEqual([value]);
  });

  it('finds a whole private key block', () => {
    const block =
      '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7\nabc==\n-----END RSA PRIVATE KEY-----';
    expect(found(keys, `key:\n${block}\nend`)).toEqual([block]);
    expect(found(keys, '-----BEGIN PRIVATE KEY-----\nMIIE (truncated)')).toEqual([]);
  });

  it('has exact offsets next to CJK and emoji', () => {
    const text = '密钥🔑sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z。';
    expect(found(keys, text)).toEqual(['sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z']);
  });

  it('ignores ordinary words and short look-alikes', () => {
    expect(found(keys, 'task-abcdefghijklmnopqrstuvwxyz and risk-assessment-for-the-team')).toEqual(
      [],
    );
    expect(found(keys, 'sk-short and ghp_tooShort and AKIA123')).toEqual([]);
    expect(found(keys, 'pk_live_4eC39HqLyjWDarjtT1zdp7dc is a publishable key')).toEqual([]);
    expect(found(keys, 'a 40-char hash 2fd4e1c67a2d28fced849ee1bb76e7391b93eb12')).toEqual([]);
  });
});
