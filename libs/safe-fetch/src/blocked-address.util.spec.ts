import { isBlockedAddress } from './blocked-address.util';

describe('isBlockedAddress', () => {
  it.each([
    ['169.254.169.254', 'cloud metadata (link-local)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback /8'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network 0/8'],
    ['10.1.2.3', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12, top'],
    ['192.168.0.1', 'private 192.168/16'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'carrier-grade NAT (Alibaba metadata)'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'unique-local fc00::/7'],
    ['fd12:3456::1', 'unique-local fd00::/8'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with zone'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata in hex'],
    ['::ffff:0:7f00:1', 'SIIT translated loopback'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::808:808', 'NAT64 even of a public address'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2001::1', 'Teredo'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['not-an-ip', 'not an address at all'],
    ['', 'empty'],
  ])('refuses %s (%s)', (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
  });

  it.each(['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (ip) => {
      expect(isBlockedAddress(ip)).toBe(false);
    },
  );

  it('with private networks allowed, lets loopback and private ranges through', () => {
    for (const ip of ['127.0.0.1', '10.0.0.1', '192.168.1.1', '::1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(isBlockedAddress(ip, true)).toBe(false);
    }
  });

  it('with private networks allowed, still refuses metadata, link-local, CGNAT, unspecified and translation forms', () => {
    for (const ip of [
      '169.254.169.254',
      '::ffff:a9fe:a9fe',
      'fe80::1',
      '100.100.100.200',
      '0.0.0.0',
      '::',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
    ]) {
      expect(isBlockedAddress(ip, true)).toBe(true);
    }
  });
});
