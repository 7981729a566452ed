// awasmc dump --pass final --target js
// The js target has no rotate, bswap or andnot instruction: lower_ops expands
// rotr(x, n) to (x >>> n) | (x << (32 - n)) (static amounts fold to
// constants; a runtime amount keeps the sub), rotl the other way round,
// bswap32 to (rotl(x, 8) & 0x00ff00ff) | (rotr(x, 8) & 0xff00ff00), and
// andnot(a, b) to a & ~b. A u64 bswap first becomes a bswap of each half,
// with the halves exchanged.
import { u32, u64, fn, memory, rotl, rotr, bswap, andnot } from 'awasm';

const w = memory('w', u32.array(5));
const d = memory('d', u64.array(2));

export const lower_ops_js = fn([u32, u32], (x, n) => {
  w.store(0, rotr(x, 7));
  w.store(1, rotl(x, n));
  w.store(2, bswap(x));
  w.store(3, andnot(x, n));
  w.store(4, ~x);
  d.store(1, bswap(d.load(0)));
});
