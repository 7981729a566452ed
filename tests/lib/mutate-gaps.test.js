// Known answers that kill the mutants tools/mutate found surviving the earlier tests
// (docs/auditing.md §7), on every backend. Each test names the mutant it kills; the same inputs
// are in tools/mutate-check.js.
import assert from 'node:assert/strict';
import test from 'node:test';
import { poly1305 as noble } from '@noble/ciphers/_poly1305.js';
import { forEachBackend, hex, loadBackends } from './_helpers.js';

const backends = await loadBackends();
const ff = (n) => new Uint8Array(n).fill(0xff);

forEachBackend(test, backends, 'mutation gaps', (b) => {
  const h = b.hashes;
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
});
