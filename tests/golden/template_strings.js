// awasmc dump --pass stage
// Strings and template literals: interpolation of numbers, BigInts, booleans,
// nested templates and expressions, escapes, String(), concatenation with +,
// comparison, .length and indexing. Strings name memory regions and kernels.
import { u32, fn, memory, assert } from 'awasm';

const name = 'blake';
const sizes = [2, 4];
const views = sizes.map((n) => memory(`${name}_${n * 8}bit`, u32.array(n)));
const tag = memory(`t${`e${'s'}`}t` + String(1) + `\x41\u0042\t!`.length, u32.array(1));

const parts = `${1}|${-0.5}|${10n ** 20n}|${true}|${null}|${undefined}|${[1, 2, 3].join("-")}`;
assert(parts === '1|-0.5|100000000000000000000|true|null|undefined|1-2-3', parts);
assert('abc' < 'abd' && 'b' > 'abc' && 'x' + 1 + 2 === 'x12' && 1 + 2 + 'x' === '3x', 'string operators');
assert(name.length === 5 && name[0] === 'b' && `${name}`[4] === 'e', 'length and index');
assert(`line1
line2`.length === 11, 'a template may span lines');

export const template_strings = fn([], () => {
  views.forEach((v, i) => v.store(0, v.length + i * 10));
  tag.store(0, 1);
});
