// Memory hygiene (docs/api.md): after every call — one-shot, stream update/digest/clone/destroy,
// chunks, parallel, async (also between its slices), and calls that fail half-way — the backend's
// whole memory is zero again. The memory is observed through `memoryForTests(hash)`
// of runtime/md.js. A kernel-level test checks that the kernels themselves write nowhere but
// the contract's regions (a kernel spilling to scratch memory would leave message bytes behind).
import assert from 'node:assert/strict';
import test from 'node:test';
import { memoryForTests } from '../../runtime/shell.js';
import { BACKENDS, HASHES, firstSecretByte, forEachBackend, hex, loadBackends, loadTarget, makeRng, poolCheck } from './_helpers.js';

const backends = await loadBackends();
const rng = makeRng(777, 40);
const MSG = rng.bytes(100000);

// Describes the first non-zero byte of `mem`, or returns null when all bytes are zero.
// Constant regions (the kernel's memory.data tables) are public and stay; everything else must be zero.
const firstDirt = firstSecretByte;
const regionsOf = {};
for (const name of BACKENDS) regionsOf[name] = (await loadTarget(name).catch(() => ({ regions: {} }))).regions;

forEachBackend(test, backends, 'memory hygiene', (b) => {
  const H = b.hashes;
  // Each hash loads its own instance (so that a bundler can drop the others), over its own memory
  // but on js, where the library's hashes of one target file share one (runtime/link.js,
  // linkJs): check them all.
  const clean = (what) => {
    for (const name of HASHES)
      assert.equal(firstDirt(memoryForTests(H[name]), regionsOf[b.name]), null, `${b.name}: ${name}'s memory not zero after ${what}`);
  };
  const size = b.name === 'runtime' ? 40000 : MSG.length;

  test(`${b.name}: the memory getter is hidden; each hash has its own instance (js: one memory for all six)`, () => {
    assert.ok(!Object.keys(H.sha256).some((k) => k.includes('memory')), 'not enumerable');
    const mems = HASHES.map((name) => memoryForTests(H[name]));
    for (const m of mems) assert.ok(m instanceof Uint8Array);
    const shared = b.name === 'js';
    assert.equal(new Set(mems).size, shared ? 1 : HASHES.length, shared ? 'one memory per target file' : 'one memory per hash');
    clean('instantiation');
  });

  test(`${b.name}: zero after one-shot calls, out/outPos, chunks and parallel`, () => {
    for (const name of HASHES) {
      const h = H[name];
      for (const len of [0, 3, 55, 64, 111, 128, 1000, 32767, 32768, 32769, size]) {
        h(MSG.subarray(0, len));
        clean(`${name}(${len} bytes)`);
      }
      h(MSG.subarray(0, 99), { out: new Uint8Array(h.outputLen + 4), outPos: 4 });
      clean(`${name} with out`);
      h.chunks([MSG.subarray(0, 10), MSG.subarray(10, 40000), MSG.subarray(40000, size)]);
      clean(`${name}.chunks`);
      h.parallel([MSG.subarray(0, 5), MSG.subarray(0, size)]);
      clean(`${name}.parallel`);
    }
  });

  test(`${b.name}: zero after stream update, clone, digest, digestInto, destroy`, () => {
    for (const name of HASHES) {
      const h = H[name];
      const s = h.create();
      s.update(MSG.subarray(0, 5)); // buffered on the JS side only
      clean(`${name} small update`);
      s.update(MSG.subarray(5, 1000));
      clean(`${name} update`);
      s.update(MSG.subarray(1000, size));
      clean(`${name} large update`);
      const c = s.clone();
      clean(`${name} clone`);
      s.digest();
      clean(`${name} digest`);
      c.update(MSG.subarray(0, 77));
      c.digestInto(new Uint8Array(64));
      clean(`${name} digestInto`);
      const d = h.create().update(MSG.subarray(0, 3000));
      d.destroy();
      clean(`${name} destroy`);
    }
  });

  test(`${b.name}: zero after calls that fail half-way`, () => {
    for (const name of HASHES) {
      const h = H[name];
      // a bad part after good ones: the kernel already absorbed bytes when the error is found
      assert.throws(() => h.chunks([MSG.subarray(0, 50000), MSG.subarray(0, 100), 'bad']), TypeError);
      clean(`${name}.chunks throwing at parts[2]`);
      assert.throws(() => h.parallel([MSG.subarray(0, 1000), 7]), TypeError);
      clean(`${name}.parallel with a bad message`);
      assert.throws(() => h(MSG, { out: new Uint8Array(1) }), RangeError);
      clean(`${name} with a too small out`);
      const s = h.create().update(MSG.subarray(0, 200));
      assert.throws(() => s.update(null), TypeError);
      clean(`${name} stream update(null)`);
      s.digest();
      assert.throws(() => s.update(MSG), Error);
      clean(`${name} update after digest`);
      // A hash called from a getter of the parts array: the parts are all read before any byte
      // reaches the kernel, so both calls complete and leave nothing behind.
      const evil = new Proxy([MSG.subarray(0, 40000), MSG], {
        get(target, key, recv) {
          if (key === '1') h(MSG.subarray(0, 10));
          return Reflect.get(target, key, recv);
        },
      });
      assert.equal(hex(h.chunks(evil)), hex(h.chunks([MSG.subarray(0, 40000), MSG])));
      clean(`${name}.chunks with a getter that hashes`);
      // A Uint8Array subclass whose getters throw or lie is read through the built-in getters:
      // its real bytes are hashed, and nothing of them stays in memory.
      class Exploding extends Uint8Array {
        get length() {
          throw new Error('boom');
        }
        subarray() {
          return new Uint8Array(0);
        }
      }
      const ex = new Exploding(10).fill(7);
      assert.equal(hex(h.chunks([MSG.subarray(0, 33000), ex])), hex(h.chunks([MSG.subarray(0, 33000), new Uint8Array(10).fill(7)])));
      clean(`${name}.chunks with a part whose getters lie`);
    }
  });

  test(`${b.name}: zero after async calls, and between their slices`, async () => {
    for (const name of ['sha256', 'sha512']) {
      const h = H[name];
      let checks = 0;
      const onProgress = () => {
        checks++;
        clean(`${name}.async slice`);
      };
      await h.async(MSG.subarray(0, size), { asyncTick: 0, onProgress });
      clean(`${name}.async`);
      await h.chunks.async([MSG.subarray(0, size), MSG.subarray(0, 100)], { asyncTick: 0, onProgress });
      clean(`${name}.chunks.async`);
      await h.parallel.async([MSG.subarray(0, size), MSG.subarray(0, 100)], { asyncTick: 0, onProgress });
      clean(`${name}.parallel.async`);
      await assert.rejects(h.async(MSG.subarray(0, size), {
        asyncTick: 0,
        onProgress: () => {
          throw new Error('cancel');
        },
      }), /cancel/);
      clean(`${name}.async cancelled by onProgress`);
      assert.ok(checks > 3, `onProgress ran ${checks} times`);
    }
  });

  test(`${b.name}: kernels write only inside the state, block and out regions`, async () => {
    const t = await loadTarget(b.name);
    const { mem: m, fns } = t.instantiate();
    const { state, block, out } = t.regions;
    assert.equal(firstDirt(m, t.regions), null, 'a fresh instance is all zero but its constant regions');
    const wipeRegions = () => {
      for (const r of [state, block, out]) m.fill(0, r.offset, r.offset + r.bytes);
    };
    const r = makeRng(99, 41);
    for (const [init, compress, output, blockLen] of [
      ['sha256_init', 'sha256_compress', 'sha256_output', 64],
      ['sha512_init', 'sha512_compress', 'sha512_output', 128],
    ]) {
      m.set(r.bytes(block.bytes), block.offset);
      fns[init]();
      fns[compress](3);
      fns[compress](block.bytes / blockLen);
      fns[output]();
      wipeRegions();
      assert.equal(firstDirt(m, t.regions), null, `${b.name}: ${init}/${compress}/${output} left bytes outside the regions`);
    }
  });
});

poolCheck(test);
