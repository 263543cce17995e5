import crypto from 'node:crypto';

/**
 * A passkey in software, for integration tests that need a real WebAuthn answer without a
 * browser (the e2e specs use Chromium's virtual authenticator): an ES256 key, "none"
 * attestation, user present and verified. It signs for one relying party (the test app's host).
 */

/** The little CBOR WebAuthn needs: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(length, 1);
    return out;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) {
    const parts = [...value].flatMap(([key, item]) => [cbor(key), cbor(item)]);
    return Buffer.concat([head(5, value.size), ...parts]);
  }
  throw new Error(`No CBOR for ${typeof value}`);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

export interface SoftwarePasskey {
  credentialId: string;
  /** The browser's answer to registration options (POST …/passkeys with it). */
  register(options: { challenge: string }): object;
  /** The browser's answer to sign-in or step-up options. */
  sign(options: { challenge: string }): object;
}

export function softwarePasskey(origin = 'https://www.example.test'): SoftwarePasskey {
  const rpIdHash = crypto.createHash('sha256').update(new URL(origin).hostname).digest();
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = crypto.randomBytes(16);
  let counter = 0;
  const count = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE((counter += 1));
    return bytes;
  };
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64url(credentialId),
    register({ challenge }) {
      const coseKey = new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([0x45]), // user present, user verified, attested credential data
        count(),
        Buffer.alloc(16), // AAGUID: none
        length,
        credentialId,
        cbor(coseKey),
      ]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    sign({ challenge }) {
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x05]), count()]);
      const clientDataJSON = clientData('webauthn.get', challenge);
      const signed = Buffer.concat([authData, crypto.createHash('sha256').update(clientDataJSON).digest()]);
      const signature = crypto.sign('sha256', signed, privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}
