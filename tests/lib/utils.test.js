// The public byte helpers (utils.js): round trips, exact encodings, and errors naming the argument.
import assert from 'node:assert/strict';
import test from 'node:test';
import { bytesToHex, concatBytes, equalBytes, hexToBytes, randomBytes, utf8ToBytes } from '../../utils.js';

test('bytesToHex / hexToBytes', () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  const h = bytesToHex(all);
  assert.equal(h, Buffer.from(all).toString('hex'));
  assert.deepEqual(hexToBytes(h), all);
  assert.deepEqual(hexToBytes(h.toUpperCase()), all);
  assert.deepEqual(hexToBytes(''), new Uint8Array(0));
  assert.equal(bytesToHex(new Uint8Array(0)), '');
  assert.throws(() => bytesToHex('00'), { name: 'TypeError', message: /^"bytes" must be Uint8Array, got string$/ });
  assert.throws(() => hexToBytes(new Uint8Array(2)), { name: 'TypeError', message: /^"hex" must be string, got Uint8Array$/ });
  assert.throws(() => hexToBytes('abc'), { name: 'RangeError', message: /even length/ });
  assert.throws(() => hexToBytes('0g'), { name: 'RangeError', message: /"g" at index 1/ });
  assert.throws(() => hexToBytes('0x00'), { name: 'RangeError', message: /"x" at index 1/ });
  assert.throws(() => hexToBytes(' 0'), { name: 'RangeError', message: /index 0/ });
});

test('utf8ToBytes', () => {
  assert.deepEqual(utf8ToBytes('abc'), new Uint8Array([0x61, 0x62, 0x63]));
  assert.deepEqual(utf8ToBytes('é€😀'), new Uint8Array(Buffer.from('é€😀', 'utf8')));
  assert.deepEqual(utf8ToBytes(''), new Uint8Array(0));
  assert.throws(() => utf8ToBytes(new Uint8Array(1)), { name: 'TypeError', message: /^"str" must be string, got Uint8Array$/ });
  assert.throws(() => utf8ToBytes(undefined), { name: 'TypeError', message: /got undefined/ });
});

test('concatBytes', () => {
  assert.deepEqual(concatBytes(), new Uint8Array(0));
  assert.deepEqual(concatBytes(new Uint8Array([1]), new Uint8Array(0), new Uint8Array([2, 3])), new Uint8Array([1, 2, 3]));
  const a = new Uint8Array([9]);
  const c = concatBytes(a);
  assert.notEqual(c, a, 'always a new array');
  assert.throws(() => concatBytes(a, [1]), { name: 'TypeError', message: /^"arrays\[1\]" must be Uint8Array, got Array$/ });
});

test('equalBytes', () => {
  assert.equal(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2])), true);
  assert.equal(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 3])), false);
  assert.equal(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0])), false);
  assert.equal(equalBytes(new Uint8Array(0), new Uint8Array(0)), true);
  assert.throws(() => equalBytes(new Uint8Array(1), 'a'), { name: 'TypeError', message: /^"b" must be Uint8Array/ });
  assert.throws(() => equalBytes(null, new Uint8Array(1)), { name: 'TypeError', message: /^"a" must be Uint8Array, got null$/ });
});

test('randomBytes', () => {
  assert.equal(randomBytes().length, 32);
  assert.equal(randomBytes(0).length, 0);
  const big = randomBytes(200000); // more than one getRandomValues call (64 KiB each)
  assert.equal(big.length, 200000);
  assert.ok(big.subarray(190000).some((x) => x !== 0), 'the tail is filled too');
  assert.notDeepEqual(randomBytes(16), randomBytes(16));
  assert.throws(() => randomBytes(-1), { name: 'RangeError', message: /"bytesLength"/ });
  assert.throws(() => randomBytes(1.5), { name: 'RangeError', message: /"bytesLength"/ });
  assert.throws(() => randomBytes('8'), { name: 'TypeError', message: /"bytesLength"/ });
});
