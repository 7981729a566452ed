// Known answers that kill the mutants tools/mutate found surviving the earlier tests
// (docs/auditing.md §7), on every backend. Each test names the mutant it kills; the same inputs
// are in tools/mutate-check.js.
import assert from 'node:assert/strict';
import test from 'node:test';
import { poly1305 as noble } from '@noble/ciphers/_poly1305.js';
import { ctr as nobleCtr } from '@noble/ciphers/aes.js';
import { argon2i as nobleArgon2i, argon2id as nobleArgon2id } from '@noble/hashes/argon2.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BACKENDS, COMPARES_BACKENDS, HASHES, firstSecretByte, forEachBackend, freshMemory, hex, linkedRegions, loadBackends, repoRoot } from './_helpers.js';
import { specOf } from '../../runtime/shell.js';
import { cipherSpecOf } from '../../runtime/cipher.js';
import { gcm as nobleGcm } from '@noble/ciphers/aes.js';

const backends = await loadBackends();
const ff = (n) => new Uint8Array(n).fill(0xff);

forEachBackend(test, backends, 'mutation gaps', (b) => {
  const h = b.hashes;
  // argon2:153:39:op (the address block refilled only at the start of a call, not every 128
  // blocks): Argon2i/id segments of more than 128 blocks (m = 1200 KiB, one lane: 300).
  test(`${b.name}: argon2i and argon2id with segments of more than 128 blocks (mutant argon2:153:39:op)`, () => {
    const pw = new Uint8Array(12).fill(3), salt = new Uint8Array(16).fill(9);
    const o = { t: 1, m: 1200, p: 1, dkLen: 32 };
    assert.equal(hex(h.argon2i(pw, salt, o)), hex(nobleArgon2i(pw, salt, o)));
    assert.equal(hex(h.argon2id(pw, salt, o)), hex(nobleArgon2id(pw, salt, o)));
  });
  // aes:128:20:const and aes:129:14:const (groups of 8 blocks on wasm, or 8 blocks a step of 4:
  // past the 64 spare bytes of data), aes:293:48:const (one pair of blocks too many on js and
  // runtime, whenever the count is even): the answers stay right, but the kernel writes where the
  // runtime does not wipe, so the AES memory holds keystream after the call.
  test(`${b.name}: AES memory is zero after GCM calls of 0 to 9 blocks (mutants aes:128:20:const, aes:129:14:const, aes:293:48:const)`, () => {
    const parts = () => cipherSpecOf(h.gcm).instance.parts ?? [cipherSpecOf(h.gcm).instance];
    for (const keyLen of [16, 32]) {
      const key = new Uint8Array(keyLen).fill(0x2b), nonce = new Uint8Array(12).fill(1);
      for (let n = 0; n <= 144; n += 16) {
        const data = new Uint8Array(n).fill(0x5a);
        assert.equal(hex(h.gcm(key, nonce).encrypt(data)), hex(nobleGcm(key, nonce).encrypt(data)), `gcm ${keyLen} ${n}`);
        for (const I of parts()) assert.equal(firstSecretByte(I.memory(), linkedRegions(I)), null, `${I.label} after gcm-${keyLen * 8} of ${n} bytes`);
      }
    }
  });
  // chacha:80:25:op, chacha:80:39:op, chacha:111:27:op (the carry into a 64-bit block counter's
  // high word): chacha20orig across 2^32 blocks against node:crypto's chacha20 (IV = the 64-bit
  // counter, then the nonce). chacha:248:29:const (the last word of a partial Poly1305 block):
  // messages and AAD ending 13..15 bytes into a block, one-shot and streamed.
  test(`${b.name}: chacha20orig counters across 2^32 and AEAD partial blocks of 13-15 bytes (mutants chacha:80:25:op, chacha:80:39:op, chacha:111:27:op, chacha:248:29:const)`, async () => {
    const crypto = await import('node:crypto');
    const { chacha20poly1305: nobleAead } = await import('@noble/ciphers/chacha.js');
    const key = new Uint8Array(32).map((_, i) => i + 1), n8 = new Uint8Array(8).fill(9), d = new Uint8Array(1000).fill(0x5a);
    for (const counter of [2 ** 32 - 3, 2 ** 40 - 2]) {
      const iv = Buffer.alloc(16);
      iv.writeUInt32LE(counter % 2 ** 32, 0);
      iv.writeUInt32LE(Math.floor(counter / 2 ** 32), 4);
      iv.set(n8, 8);
      const c = crypto.createCipheriv('chacha20', key, iv);
      assert.equal(hex(h.chacha20orig(key, n8, { counter }).encrypt(d)), hex(Buffer.concat([c.update(d), c.final()])), `counter ${counter}`);
    }
    const n12 = new Uint8Array(12).fill(4);
    for (const [n, aadLen] of [[13, 14], [14, 15], [15, 29], [45, 13]]) {
      const m = new Uint8Array(n).fill(0x33), aad = new Uint8Array(aadLen).fill(0x44);
      const want = hex(nobleAead(key, n12, aad).encrypt(m));
      assert.equal(hex(h.chacha20poly1305(key, n12, aad).encrypt(m)), want, `${n} bytes, ${aadLen} AAD`);
      const st = h.chacha20poly1305(key, n12, aad).encrypt.create();
      const a = st.update(m.subarray(0, 5)), b2 = st.update(m.subarray(5)), f = st.finish();
      assert.equal(hex(a) + hex(b2) + hex(f.data) + hex(f.tag), want, `${n} bytes, ${aadLen} AAD, streamed`);
    }
  });
  // legacy:66:8:const (SHA-1's rolled schedule one word too long, on runtime): the word after
  // w80 gets a message-derived value. After a call, each hash's memory is zero outside its
  // memory's constant regions (on js those of every hash linked into the shared memory), which
  // hold what linking put there.
  test(`${b.name}: each hash's memory after a call: zero but for its constant regions, which are unchanged (mutant legacy:66:8:const)`, () => {
    const msg = new Uint8Array(1000).map((_, i) => i * 7);
    for (const name of [...HASHES, 'sha1', 'md5', 'ripemd160', 'sha3_256', 'keccak_512', 'shake128', 'blake256', 'blake512', 'blake2b', 'blake2s', 'blake3']) {
      h[name](msg);
      const I = specOf(h[name]).instance;
      const mem = I.memory(), fresh = freshMemory(I);
      assert.equal(firstSecretByte(mem, linkedRegions(I)), null, `${name}: dirty after a call`);
      for (const r of Object.values(linkedRegions(I)).filter((r) => r.constant))
        assert.equal(hex(mem.subarray(r.offset, r.offset + r.bytes)), hex(fresh.subarray(r.offset, r.offset + r.bytes)), `${name}: a constant region changed`);
    }
  });
  // aes:354:17:op (the carry out of the counter's low word tested with <= instead of <): wrong
  // only when that word is 0, which random counters almost never have.
  test(`${b.name}: AES-CTR with a counter whose low word is zero (mutant aes:354:17:op)`, () => {
    for (const keyLen of [16, 32]) {
      const key = new Uint8Array(keyLen).fill(0x2b);
      for (const iv of [new Uint8Array(16), new Uint8Array(16).fill(7, 0, 12)]) {
        const data = new Uint8Array(100).fill(0x5a);
        assert.equal(hex(h.ctr(key, iv).encrypt(data)), hex(nobleCtr(key, iv).encrypt(data)), `key ${keyLen}, iv ${hex(iv)}`);
      }
    }
  });
  // poly1305:92:31:const (the carry out of g3 in the final reduction shifted by 27): h must end
  // in [p, 2^130) for the subtraction of p to carry through every limb. With r = 1 and two
  // all-ones blocks h = 2 (2^128 - 1) + 2^129 = 2^130 - 2, so h - p = 3.
  test(`${b.name}: poly1305 with r = 1 reduces h in [p, 2^130) (mutant poly1305:92:31:const)`, () => {
    const key = new Uint8Array(32);
    key[0] = 1;
    assert.equal(hex(h.poly1305(ff(32), key)), '03000000000000000000000000000000');
    for (const n of [16, 31, 32, 33, 48, 64]) {
      for (const sByte of [0, 0xff]) {
        key.fill(sByte, 16);
        assert.equal(hex(h.poly1305(ff(n), key)), hex(noble(ff(n), key)), `${n} bytes, s = ${sByte}`);
      }
    }
  });
  // poly1305:85:27:const, 86:11:op, 86:15:op, 86:20:op (the tag's full carry and its fold of 5
  // back into h0): they run only when the carried h is at least 2^130. With r = 2 and blocks 0
  // and 2^128 - 2 the last product is 2^131 - 4, carried to limbs [1, 2^26, 2^26 - 1, 2^26 - 1,
  // 2^26 - 1]: h1's carry ripples through every limb and out of h4, and 2^130 + 1 = 6 mod p.
  test(`${b.name}: poly1305 tag of an h carried to 2^130 + 1 (mutants poly1305:85:27:const, poly1305:86:*:op)`, () => {
    const key = new Uint8Array(32);
    key[0] = 2;
    const m = new Uint8Array(32).fill(0xff, 16, 32);
    m[16] = 0xfe;
    assert.equal(hex(h.poly1305(m, key)), '06000000000000000000000000000000');
    key.fill(0xff, 16);
    assert.equal(hex(h.poly1305(m, key)), hex(noble(m, key)));
  });
  // poly1305:86:38:const, 87:11:op (the carry out of h0 after the fold): h0 + 5 must reach 2^26.
  // r = 2^26 - 1 (one limb, so the product is m r exactly) and the block m with
  // m r = q p + 2^130 + 2^26 - 1 for q = 2^24 (solved for, with m in [2^128, 2^129)) carry to
  // limbs [2^26 - 1, 2^26, 2^26 - 1, 2^26 - 1, 2^26 - 1], which is 2^130 + 2^26 - 1 = 2^26 + 4 mod p.
  test(`${b.name}: poly1305 tag when the fold carries out of h0 (mutants poly1305:86:38:const, poly1305:87:11:op)`, () => {
    const key = new Uint8Array(32);
    key.set([0xff, 0xff, 0xff, 0x03]);
    const m = Uint8Array.from(Buffer.from('00000140000050000014000005000001', 'hex').reverse());
    assert.equal(hex(h.poly1305(m, key)), '04000004000000000000000000000000');
  });
  // poly1305:149:38:const, 150:18:op (normalize(), the sum of the two lanes on wasm): with r = 1
  // and 8 blocks (the lanes start at 8) the even blocks sum to 2^130 - 6 in lane 0 and the odd
  // ones to 2^129 + 1 in lane 1 (mod p, carried as they go): their sum carries out of h4, and
  // the 5 folded back carries out of h0. The tag is 2^129 mod 2^128 = 0. (On the other
  // backends the same message goes through the scalar steps.)
  test(`${b.name}: poly1305 two-lane sum that carries out of h4 and h0 (mutants poly1305:149:38:const, poly1305:150:18:op)`, () => {
    const key = new Uint8Array(32);
    key[0] = 1;
    const m = new Uint8Array(128).fill(0xff);
    m[48] = 0xfd; // block 3: 2^128 - 3
    m[96] = 0xf8; // block 6: 2^128 - 8
    m.fill(0, 80, 96); // block 5: 0
    m.fill(0, 112, 128); // block 7: 0
    assert.equal(hex(h.poly1305(m, key)), '00000000000000000000000000000000');
    assert.equal(hex(h.poly1305(m, key)), hex(noble(m, key)));
  });
});

// blake1:136:20:op (wasm's high counter word shifted the wrong way), blake2:45:17:op (js and
// runtime: the high counter word OR-ed instead of XOR-ed): counters of 2^32 and more (messages
// of 512 MiB / 4 GiB and more) that the API cannot reach quickly. The kernels with the counter in
// the state set high give the same state on every backend.
const KERNEL_RUNS = {
  blake1: [['blake256_init', [], 'blake256_compress', 'blake256_final', 440], ['blake512_init', [], 'blake512_compress', 'blake512_final', 888]],
  blake2: [['blake2b_init', [64, 0], 'blake2b_compress', 'blake2b_final', 100], ['blake2s_init', [32, 0], 'blake2s_compress', 'blake2s_final', 50]],
};
// chacha:262:34:op, :38:const, :57:op, :61:const (the high words of the AEAD's length block):
// poly1305_lengths with lengths of 2^32 bytes and more gives the same tag on every backend.
test('poly1305_lengths agrees on every backend with lengths of 2^32 and more (mutants chacha:262:34:op, chacha:262:38:const, chacha:262:57:op, chacha:262:61:const)', { skip: COMPARES_BACKENDS }, async () => {
  const key = new Uint8Array(32).map((_, i) => i * 29 + 3);
  const tags = {};
  for (const backend of BACKENDS) {
    const T = await import(pathToFileURL(path.join(repoRoot, 'targets', backend, 'chacha.js')).href);
    for (const [a, c] of [[2 ** 32 + 5, 2 ** 33 + 7], [3, 2 ** 40 + 2 ** 32], [2 ** 45 + 1, 9]]) {
      const { mem, fns } = T.instantiate();
      mem.set(key, T.regions.poly.offset);
      fns.poly1305_init();
      fns.poly1305_lengths(a, c);
      fns.poly1305_finish();
      const got = hex(mem.slice(T.regions.poly.offset, T.regions.poly.offset + 16));
      const k = `${a} ${c}`;
      if (tags[k] === undefined) tags[k] = [backend, got];
      else assert.equal(got, tags[k][1], `${k}: ${backend} differs from ${tags[k][0]}`);
    }
  }
});

// argon2:153:58:op and argon2:153:62:const (the address block rebuilt at a call's first block
// only in some cases): right whenever a kernel call holds several blocks, which the runtime's
// slices almost always do. argon2_fill in calls of one block on every backend gives the memory
// of whole-segment calls on js.
test('argon2_fill in calls of one block fills what whole segments do, on every backend (mutants argon2:153:58:op, argon2:153:62:const)', { skip: COMPARES_BACKENDS }, async () => {
  const first = new Uint8Array(4096).map((_, i) => (i * 131 + 17) & 0xff);
  const run = (T, q, t, type, chunk) => {
    const lanes = 2, segment = q / 4;
    const { mem, fns } = T.instantiate({ heapBytes: (5 + lanes * q) * 1024 });
    const heap = T.regions.blocks.offset;
    const w = new DataView(mem.buffer, T.regions.params.offset, 32);
    [lanes, q, segment, lanes * q, t, type, 0x13, Math.floor((2 ** 32 - 1) / lanes)].forEach((x, i) => w.setUint32(4 * i, x, true));
    for (let l = 0; l < lanes; l++) mem.set(first.subarray(2048 * l, 2048 * l + 2048), heap + (5 + l * q) * 1024);
    for (let pass = 0; pass < t; pass++)
      for (let slice = 0; slice < 4; slice++)
        for (let lane = 0; lane < lanes; lane++)
          for (let from = pass === 0 && slice === 0 ? 2 : 0; from < segment; from += chunk) fns.argon2_fill(pass, slice, lane, from, Math.min(segment, from + chunk), 1);
    return hex(mem.subarray(heap + 5 * 1024, heap + (5 + lanes * q) * 1024));
  };
  const js = await import(pathToFileURL(path.join(repoRoot, 'targets', 'js', 'argon2.js')).href);
  for (const backend of BACKENDS) {
    const T = await import(pathToFileURL(path.join(repoRoot, 'targets', backend, 'argon2.js')).href);
    for (const type of [0, 1, 2])
      for (const [q, t] of backend === 'runtime' ? [[20, 2]] : [[20, 2], [520, 1]])
        assert.equal(run(T, q, t, type, 1), run(js, q, t, type, q / 4), `${backend}: type ${type}, q ${q}`);
  }
});

for (const [mod, runs] of Object.entries(KERNEL_RUNS)) {
  test(`${mod} kernels agree on every backend with counters of 2^32 and more and over a dirty state (mutants blake1:136:20:op, blake1:71:36:op, blake1:185:17:const, blake2:45:17:op, blake2:84:17:const)`, { skip: COMPARES_BACKENDS }, async () => {
    const block = new Uint8Array(256).map((_, i) => (i * 151 + 7) & 0xff);
    const states = {};
    for (const backend of BACKENDS) {
      const T = await import(pathToFileURL(path.join(repoRoot, 'targets', backend, `${mod}.js`)).href);
      for (const [init, initArgs, compress, final, finalArg] of runs) {
        for (const [lo, hi] of [[0xffffff00, 0], [0x100, 1], [0xfffffe00, 0x80000001], [0x200, 0x10]]) {
          const { mem, fns } = T.instantiate();
          const S = T.regions.state.offset;
          fns[init](...initArgs);
          new DataView(mem.buffer).setUint32(S + 64, lo, true);
          new DataView(mem.buffer).setUint32(S + 68, hi, true);
          mem.set(block, T.regions.block.offset);
          fns[compress](2);
          fns[final](finalArg);
          const key = `${compress} ${hi}:${lo}`;
          const got = hex(mem.slice(S, S + 80));
          if (states[key] === undefined) states[key] = [backend, got];
          else assert.equal(got, states[key][1], `${key}: ${backend} differs from ${states[key][0]}`);
        }
        // init over a state full of other bytes resets all compress reads, the counter included
        // (mutants blake1:185:17:const, blake2:84:17:const; the library's memory is zero before init)
        const { mem, fns } = T.instantiate();
        const S = T.regions.state.offset;
        mem.fill(0xa5, S, S + T.regions.state.bytes);
        fns[init](...initArgs);
        mem.set(block, T.regions.block.offset);
        fns[compress](2);
        fns[final](finalArg);
        const key = `${init} over a dirty state`;
        const got = hex(mem.slice(S, S + 80));
        if (states[key] === undefined) states[key] = [backend, got];
        else assert.equal(got, states[key][1], `${key}: ${backend} differs from ${states[key][0]}`);
      }
    }
  });
}

// blake3:148:28:op (wasm's four-lane chunks: the carry into the counter's high word added with
// the wrong sign): chunk counters across 2^32, 4 TiB into a message.
test('blake3_chunks agrees on every backend with chunk counters across 2^32 (mutant blake3:148:28:op)', { skip: COMPARES_BACKENDS }, async () => {
  const data = new Uint8Array(8 * 1024).map((_, i) => (i * 97 + 13) & 0xff);
  const keyBytes = new Uint8Array(32).map((_, i) => i * 5 + 1);
  const cvs = {};
  for (const backend of BACKENDS) {
    const T = await import(pathToFileURL(path.join(repoRoot, 'targets', backend, 'blake3.js')).href);
    for (const [lo, hi] of [[0xfffffffe, 0], [0xfffffffb, 7], [0xffffffff, 0xffffffff]]) {
      const { mem, fns } = T.instantiate();
      mem.set(data, T.regions.block.offset);
      mem.set(keyBytes, T.regions.key.offset);
      fns.blake3_chunks(8, lo, hi, 0);
      const got = hex(mem.slice(T.regions.cvs.offset, T.regions.cvs.offset + 8 * 32));
      const key = `${hi}:${lo}`;
      if (cvs[key] === undefined) cvs[key] = [backend, got];
      else assert.equal(got, cvs[key][1], `counter ${key}: ${backend} differs from ${cvs[key][0]}`);
    }
  }
});
