import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, parseIPv6, resolvePublicHost } from './host-guard';

describe('isForbiddenAddress', () => {
  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '100.100.100.200',
    '100.127.255.255',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '169.254.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.0.0.8',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '2002:7f00:1::',
    '2002:c0a8:0101::1',
    '2001:db8::1',
    '[::1]',
    'not-an-address',
    '',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '169.253.1.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:0808:0808::1',
  ])('allows %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('parseIPv6', () => {
  it('expands compressed and dotted forms', () => {
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 1, 2, 3, 4]);
    expect(parseIPv6('1::2')).toEqual([0, 1, ...new Array(12).fill(0), 0, 2]);
    expect(parseIPv6('1.2.3.4')).toBeNull();
  });
});

describe('resolvePublicHost', () => {
  const lookup = (answers: Record<string, string[]>) => async (host: string) => {
    if (!answers[host]) throw new Error('ENOTFOUND');
    return answers[host];
  };

  it('returns the checked addresses of a public name', async () => {
    await expect(
      resolvePublicHost('db.example.com', {
        allowPrivateHosts: false,
        lookup: lookup({ 'db.example.com': ['93.184.216.34'] }),
      }),
    ).resolves.toEqual(['93.184.216.34']);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const answers = { 'mixed.example.com': ['93.184.216.34', '10.0.0.5'] };
    await expect(
      resolvePublicHost('mixed.example.com', { allowPrivateHosts: false, lookup: lookup(answers) }),
    ).rejects.toMatchObject({ code: 'forbidden_host' });
    await expect(
      resolvePublicHost('mixed.example.com', { allowPrivateHosts: true, lookup: lookup(answers) }),
    ).resolves.toEqual(['93.184.216.34', '10.0.0.5']);
  });

  it('refuses literal private addresses and localhost through real DNS', async () => {
    await expect(resolvePublicHost('127.0.0.1', { allowPrivateHosts: false })).rejects.toMatchObject({
      code: 'forbidden_host',
    });
    await expect(resolvePublicHost('[::1]', { allowPrivateHosts: false })).rejects.toMatchObject({
      code: 'forbidden_host',
    });
    await expect(resolvePublicHost('localhost', { allowPrivateHosts: false })).rejects.toMatchObject({
      code: 'forbidden_host',
    });
  });

  it('answers unreachable for a name that does not resolve', async () => {
    await expect(
      resolvePublicHost('nowhere.invalid', { allowPrivateHosts: false, lookup: lookup({}) }),
    ).rejects.toMatchObject({ code: 'unreachable' });
  });
});
