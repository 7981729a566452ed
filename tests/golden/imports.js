// awasmc dump --pass stage
// Imports: the prelude by name (with an alias), another file's exports by name
// (with an alias), a namespace import, and exports under other names.
import { u32 as U, fn, memory } from 'awasm';
import { ROUNDS, IV, mix, double as dbl } from './lib/common.js';
import * as common from './lib/common.js';

const out = memory('out', U.array(4));

// A module imported twice is evaluated once: both imports see the same array,
// and the prelude's types are the same objects in every module.
const sameArray = IV === common.IV && common.word === U;

const kernel = fn([U], (x) => {
  let y = x;
  for (let r = 0; r < ROUNDS; r++) y = mix(y, r + 1);
  out.store(0, y);
  out.store(1, dbl(x));
  out.store(2, common.word(common.IV[1]));
  out.store(3, U(sameArray ? 1 : 0));
});

export { kernel as mixer, kernel as alias_of_mixer };
