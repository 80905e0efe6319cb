import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A self-signed X.509 certificate for the simulator's webhook key, built with node:crypto alone: PayPal signs
 * webhooks with the key of a certificate it serves at PAYPAL-CERT-URL, and the receiver reads the public key from
 * that certificate. Only the DER a certificate needs is encoded here (RFC 5280: version 3, serial, SHA-256 with RSA,
 * one common name, validity, the key).
 */
export interface SigningCertificate {
  privateKey: KeyObject;
  pem: string;
}

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const COMMON_NAME = '2.5.4.3';
const ORGANIZATION = '2.5.4.10';

export function createSigningCertificate(commonName: string, validDays = 365, now = new Date()): SigningCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const name = sequence(
    set(sequence(oid(ORGANIZATION), utf8('Pixtract PayPal simulator'))),
    set(sequence(oid(COMMON_NAME), utf8(commonName))),
  );
  const algorithm = sequence(oid(SHA256_WITH_RSA), tlv(0x05, Buffer.alloc(0)));
  const notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now.getTime() + validDays * 86_400_000);
  const serial = randomBytes(16);
  serial[0] &= 0x7f; // a positive INTEGER
  const tbs = sequence(
    tlv(0xa0, integer(Buffer.from([2]))), // [0] version: v3
    integer(serial),
    algorithm,
    name,
    sequence(utcTime(notBefore), utcTime(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = sequence(tbs, algorithm, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const body = der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n');
  return { privateKey, pem: `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n` };
}

function tlv(tag: number, content: Buffer): Buffer {
  const length = content.length;
  if (length < 0x80) return Buffer.concat([Buffer.from([tag, length]), content]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.concat([Buffer.from([tag, 0x80 | bytes.length, ...bytes]), content]);
}

const sequence = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const integer = (value: Buffer) => tlv(0x02, value);

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const base128: number[] = [];
    for (let value = arc; ; value = Math.floor(value / 128)) {
      base128.unshift((value % 128) | (base128.length ? 0x80 : 0));
      if (value < 128) break;
    }
    bytes.push(...base128);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  return tlv(0x17, Buffer.from(text, 'ascii'));
}
