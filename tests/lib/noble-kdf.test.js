// Our SHA-2 hashes inside @noble/hashes' hmac (with clone), hkdf and pbkdf2 (which use the
// streams' _cloneInto), on every backend, against node:crypto's HMAC, HKDF and PBKDF2.
import assert from 'node:assert/strict';
import { createHmac, hkdfSync, pbkdf2Sync } from 'node:crypto';
import test from 'node:test';
import { hkdf } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { HASHES, NODE_NAME, forEachBackend, hex, loadBackends, makeRng } from './_helpers.js';

const backends = await loadBackends();
const rng = makeRng(4242, 30);

forEachBackend(test, backends, 'noble hmac/hkdf/pbkdf2', (b) => {
  test(`${b.name}: noble's hmac, hmac.create().clone(), hkdf and pbkdf2 accept our hashes`, () => {
    for (const name of HASHES) {
      const h = b.hashes[name];
      const node = NODE_NAME[name];
      for (const keyLen of [0, 20, 64, 129, 200]) {
        const key = rng.bytes(keyLen);
        const msg = rng.bytes(rng.int(300));
        const want = createHmac(node, key).update(msg).digest('hex');
        assert.equal(hex(hmac(h, key, msg)), want, `${name} hmac, key ${keyLen}`);
        const m = hmac.create(h, key).update(msg.subarray(0, 7));
        const c = m.clone();
        m.update(msg.subarray(7));
        c.update(msg.subarray(7));
        assert.equal(hex(m.digest()), want);
        assert.equal(hex(c.digest()), want, `${name} hmac clone`);
      }
      const ikm = rng.bytes(33);
      const salt = rng.bytes(16);
      const info = rng.bytes(10);
      for (const len of [1, 32, 100]) {
        const want = Buffer.from(hkdfSync(node, ikm, salt, info, len)).toString('hex');
        assert.equal(hex(hkdf(h, ikm, salt, info, len)), want, `${name} hkdf ${len}`);
      }
      const pw = rng.bytes(12);
      for (const [c, dkLen] of [[1, 20], [3, 64], [17, 33]])
        assert.equal(hex(pbkdf2(h, pw, salt, { c, dkLen })), pbkdf2Sync(pw, salt, c, dkLen, node).toString('hex'), `${name} pbkdf2 c=${c}`);
    }
  });

  test(`${b.name}: _cloneInto reuses a stream of the same hash, in any status, and refuses others`, () => {
    const { sha256, sha512 } = b.hashes;
    const msg = rng.bytes(150);
    const a = sha256.create().update(msg);
    const target = sha256.create().update(rng.bytes(99));
    target.digest(); // finished: _cloneInto makes it active again with a's state
    assert.equal(a._cloneInto(target), target);
    assert.equal(hex(target.digest()), hex(sha256(msg)));
    assert.equal(hex(a._cloneInto().digest()), hex(sha256(msg)));
    assert.throws(() => a._cloneInto(sha512.create()), { name: 'TypeError', message: /"to" must be a sha256 stream/ });
    a.destroy();
    assert.throws(() => a._cloneInto(), /after destroy/);
  });
});
