import { describe, expect, it } from 'vitest';
import { clientKey, GONE_CLIENT_KEY } from './rate-limit-key.ts';

describe('the key a request counts under', () => {
  it('is the client address, IPv4 as it is', () => {
    expect(clientKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
  });

  it('is one key for all the addresses of an IPv6 /64, however they are written', () => {
    const keys = ['2001:db8:a:b::1', '2001:DB8:A:B:0:0:0:2', '2001:0db8:000a:000b:ffff::', '2001:db8:a:b::1%eth0'].map(
      (ip) => clientKey({ ip }),
    );
    expect(new Set(keys)).toEqual(new Set(['2001:db8:a:b::/64']));
    expect(clientKey({ ip: '2001:db8:a:c::1' })).toBe('2001:db8:a:c::/64');
    expect(clientKey({ ip: '::1' })).toBe('0:0:0:0::/64');
    expect(clientKey({ ip: '::a:b:c:d:1.2.3.4' })).toBe('0:0:a:b::/64');
  });

  it('is the IPv4 address of an IPv4 client reached over IPv6', () => {
    expect(clientKey({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
  });

  it('is one key of its own once the client has hung up and its address is gone', () => {
    expect(clientKey({ ip: undefined })).toBe(GONE_CLIENT_KEY);
  });
});
