import { describe, expect, it } from 'vitest';
import { ipAddressDetector, isIPv6 } from '../../../../src/core/detect/detectors/ip-address';
import { found } from './helpers';

const ip = ipAddressDetector();

describe('ipAddressDetector', () => {
  it('finds IPv4 addresses', () => {
    expect(found(ip, 'from 192.168.1.20 and 8.8.8.8.')).toEqual(['192.168.1.20', '8.8.8.8']);
    expect(found(ip, 'http://10.0.0.1/admin, 172.16.254.1:8080')).toEqual([
      '10.0.0.1',
      '172.16.254.1',
    ]);
  });

  it('finds IPv6 addresses in full and compressed forms', () => {
    expect(found(ip, 'host 2001:0db8:85a3:0000:0000:8a2e:0370:7334 up')).toEqual([
      '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
    ]);
    expect(found(ip, 'route 2001:db8::1.')).toEqual(['2001:db8::1']);
    expect(found(ip, 'link fe80::1ff:fe23:4567:890a%eth0')).toEqual(['fe80::1ff:fe23:4567:890a']);
    expect(found(ip, 'mapped ::ffff:192.0.2.128')).toContain('::ffff:192.0.2.128');
  });

  it('has exact offsets next to CJK and emoji', () => {
    const text = '服务器🖥️10.1.2.3上线';
    const [span] = ip.detect(text) as unknown as { start: number; end: number }[];
    expect(text.slice(span!.start, span!.end)).toBe('10.1.2.3');
  });

  it('ignores versions, partial and out-of-range addresses', () => {
    expect(found(ip, 'version 1.2.3 then 1.2.3.4.5')).toEqual([]);
    expect(found(ip, 'v1.2.3.4 and version 10.0.0.1')).toEqual([]);
    expect(found(ip, 'Mozilla/5.0 Chrome/120.0.0.0 Safari/537.36')).toEqual([]);
    expect(found(ip, '256.1.1.1 and 01.02.03.04')).toEqual([]);
  });

  it('reads a version word only as a whole word, not as the end of another', () => {
    // `startup.dev` and `…zV` end with a `v`: the addresses after them are addresses.
    expect(found(ip, 'billing@startup.dev 192.168.79.152')).toEqual(['192.168.79.152']);
    expect(found(ip, 'token …KPHzV  10.156.119.99')).toEqual(['10.156.119.99']);
    expect(found(ip, 'Android 14.0.0.1, v: 10.0.0.2, build/10.0.0.3')).toEqual([]);
  });

  it('ignores times, MAC addresses and C++ scopes', () => {
    expect(found(ip, 'at 10:30:00, MAC 00:1A:2B:3C:4D:5E, std::vector, a::b')).toEqual([]);
  });

  it('validates IPv6 grammar', () => {
    expect(isIPv6('::1')).toBe(true);
    expect(isIPv6('1:2:3:4:5:6:7:8')).toBe(true);
    expect(isIPv6('1:2:3:4:5:6:7')).toBe(false);
    expect(isIPv6('1::2::3')).toBe(false);
    expect(isIPv6('12345::1')).toBe(false);
  });

  it('reads IPv6 candidates from each colon, with the boundaries of the former regex', () => {
    // A candidate starts at most four hex digits before a colon, never inside a word.
    expect(found(ip, '12345::1 and 1234::1')).toEqual(['1234::1']);
    expect(found(ip, 'x2001:db8::1, é2001:db8::1, 2001:db8::1é')).toEqual([]);
    // Trailing dots are left out; too many groups is no address.
    expect(found(ip, 'ip=2001:db8:0:0:0:0:2:1.')).toEqual(['2001:db8:0:0:0:0:2:1']);
    expect(found(ip, 'fe80::1:2:3:4:5:6:7:8:9')).toEqual([]);
    expect(found(ip, '1.2.3.4 v1.2.3.4 1.2.3.4.5 ٣1.2.3.4')).toEqual(['1.2.3.4']);
  });

  it('scans long runs of hex and colons (bounded work per colon) and still finds an address after them', () => {
    // The IPv6 scan walks back at most 4 hex digits and forward at most 45 characters from
    // each colon; a quadratic scan would not finish this in a test run.
    const text = `${'abcd:'.repeat(20_000)} then 2001:db8::1`;
    expect(found(ip, text)).toEqual(['2001:db8::1']);
  });
});
