// awasmc dump --pass stage
// Static branches pick a side at build time: if / else if / else, ?:, and the
// short-circuit operators && || ?? (which return an operand, not a boolean,
// and do not evaluate the other side). Truthiness follows JavaScript. The
// unchosen side may hold code that would be an error if it ran.
import { u32, fn, memory } from 'awasm';

const out = memory('out', u32.array(8));

const classify = (n) => {
  if (n < 0) return 1;
  else if (n === 0) return 2;
  else return 3;
};
const falsy = [0, -0, NaN, '', null, undefined, false, 0n];
const truthy = [1, -1, 'x', '0', [], {}, 1n, Infinity];

export const branches = fn([u32, u32], (x, y) => {
  out.store(0, classify(-5) * 100 + classify(0) * 10 + classify(7));  // 123
  out.store(1, falsy.some((v) => v) || !truthy.every((v) => v) ? 0 : 1);  // 1
  out.store(2, (0 || 5) * 100 + (3 && 4) * 10 + (null ?? 6));            // 546
  out.store(3, (0 ?? 7) + ('' || 8));                                   // 0 + 8
  out.store(4, false && undefinedName() ? 0 : 9);                       // the right side never runs
  const wide = true;
  // Only the chosen arm is staged: a u32 store here, the other arm never runs.
  out.store(5, wide ? x + y : x.nonsense);
  if (!wide) {
    out.store(6, x.nonsense);
  } else if (wide) {
    out.store(6, y);
  }
  // A ternary with a static condition and runtime arms picks one arm.
  out.store(7, 2 > 1 ? x : y);
});
