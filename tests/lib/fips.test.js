// FIPS 180-4 example messages (NIST "Cryptographic Standards and Guidelines: Examples with
// Intermediate Values") for all six SHA-2 hashes on all four backends. The expected digests are
// data, written here, not computed by another implementation at test time.
import assert from 'node:assert/strict';
import test from 'node:test';
import { HASHES, forEachBackend, hex, isSlow, loadBackends } from './_helpers.js';

const enc = (s) => new TextEncoder().encode(s);
const MESSAGES = {
  abc: enc('abc'),
  '448-bit': enc('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'),
  '896-bit': enc(
    'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu'
  ),
  'one million a': new Uint8Array(1000000).fill(0x61),
  empty: new Uint8Array(0),
};

const EXPECTED = {
  sha224: {
    abc: '23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7',
    '448-bit': '75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525',
    '896-bit': 'c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3',
    'one million a': '20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67',
    empty: 'd14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f',
  },
  sha256: {
    abc: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    '448-bit': '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    '896-bit': 'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    'one million a': 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    empty: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  },
  sha384: {
    abc: 'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7',
    '448-bit': '3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b',
    '896-bit': '09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039',
    'one million a': '9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985',
    empty: '38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b',
  },
  sha512: {
    abc: 'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    '448-bit': '204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445',
    '896-bit': '8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909',
    'one million a': 'e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b',
    empty: 'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e',
  },
  sha512_224: {
    abc: '4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa',
    '448-bit': 'e5302d6d54bb242275d1e7622d68df6eb02dedd13f564c13dbda2174',
    '896-bit': '23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9',
    'one million a': '37ab331d76f0d36de422bd0edeb22a28accd487b7a8453ae965dd287',
    empty: '6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4',
  },
  sha512_256: {
    abc: '53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23',
    '448-bit': 'bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461',
    '896-bit': '3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a',
    'one million a': '9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21',
    empty: 'c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a',
  },
};

const backends = await loadBackends();

forEachBackend(test, backends, 'FIPS 180-4 examples', (b) => {
  const streamAll = !isSlow(b.name);
  const title = streamAll ? 'streamed too' : 'the million-a message one-shot only (slow interpreter)';
  test(`${b.name}: FIPS 180-4 examples, all six hashes, ${title}`, async (t) => {
    for (const name of HASHES) {
      const h = b.hashes[name];
      for (const [label, msg] of Object.entries(MESSAGES)) {
        await t.test(`${name} ${label}`, () => {
          const want = EXPECTED[name][label];
          assert.equal(hex(h(msg)), want, `${b.name} ${name}(${label}) one-shot`);
          if (!streamAll && msg.length > 1000) return;
          // The same message through the stream API in uneven pieces.
          const s = h.create();
          for (let pos = 0; pos < msg.length; pos += 7919) s.update(msg.subarray(pos, pos + 7919));
          assert.equal(hex(s.digest()), want, `${b.name} ${name}(${label}) streamed`);
        });
      }
    }
  });
});
