// The calls tests/lib/auto.test.js makes through an entry point, in its child processes
// (_auto_child.js) and in the test itself: one per algorithm family, on inputs given as hex.
const b = (hex) => new Uint8Array(Buffer.from(hex, 'hex'));

export function autoCalls(inp) {
  const msg = b(inp.msg);
  const key = b(inp.key);
  const nonce = b(inp.nonce);
  return {
    sha256: (H) => H.sha256(msg),
    sha512: (H) => H.sha512.create().update(msg).update(key).digest(),
    sha256_parallel: (H) => H.sha256.parallel([msg, key]).flatMap((d) => [...d]),
    sha3_256: (H) => H.sha3_256(msg),
    shake256: (H) => H.shake256(msg, { dkLen: 77 }),
    md5: (H) => H.md5(msg),
    ripemd160: (H) => H.ripemd160(msg),
    blake256: (H) => H.blake256(msg),
    blake2b: (H) => H.blake2b(msg, { key, dkLen: 40 }),
    blake2s: (H) => H.blake2s(msg),
    blake3: (H) => H.blake3(msg, { dkLen: 50 }),
    blake3_async: (H) => H.blake3.async(msg),
    poly1305: (H) => H.poly1305(msg, key),
    chacha20poly1305: (H) => H.chacha20poly1305(key, nonce.subarray(0, 12)).encrypt(msg),
    xsalsa20: (H) => H.xsalsa20(key, nonce).encrypt(msg),
    aes_ctr: (H) => H.ctr(key, nonce.subarray(0, 16)).encrypt(msg),
    aes_cbc: (H) => H.cbc(key.subarray(0, 16), nonce.subarray(0, 16)).encrypt(msg),
    aes_gcm: (H) => H.gcm(key, nonce.subarray(0, 12)).encrypt(msg),
    aes_gcmsiv: (H) => H.gcmsiv(key, nonce.subarray(0, 12)).encrypt(msg),
    aes_siv: (H) => H.aessiv(key, nonce).encrypt(msg),
    cmac: (H) => H.cmac(msg, key.subarray(0, 16)),
    pbkdf2: (H) => H.pbkdf2(H.sha256)(key, nonce, { c: 3, dkLen: 40 }),
    scrypt: (H) => H.scrypt(key, nonce, { N: 16, r: 2, p: 1, dkLen: 32 }),
    argon2id: (H) => H.argon2id(key, nonce, { t: 1, m: 64, p: 2, dkLen: 32 }),
  };
}
