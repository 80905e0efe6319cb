import { clientNetworkOf } from './client-network';

describe('clientNetworkOf', () => {
  it('keeps an IPv4 address, also written as IPv4-mapped IPv6', () => {
    expect(clientNetworkOf('198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetworkOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('counts an IPv6 address by its /64', () => {
    expect(clientNetworkOf('2001:db8:5:6:aaaa::1')).toBe('2001:db8:5:6::/64');
    expect(clientNetworkOf('2001:0db8:0005:0006:ffff:1:2:3')).toBe('2001:db8:5:6::/64');
    expect(clientNetworkOf('::1')).toBe('::/64');
  });

  it('names what is not an address "unknown"', () => {
    expect(clientNetworkOf(undefined)).toBe('unknown');
    expect(clientNetworkOf('not an address')).toBe('unknown');
  });
});
