// awasmc dump --pass stage
// Arrays and plain objects: literals, .length, element and property reads and
// writes, appending one element past the end, shorthand and computed keys,
// string and number keys, methods, objects holding runtime values, typeof,
// Array.isArray, Object.keys/values/entries/freeze.
import { u32, fn, memory } from 'awasm';

const out = memory('out', u32.array(10));

const name = 'rounds';
const T = 7;
const cfg = {
  T,                      // shorthand
  [name]: 64,             // computed key
  [`${name}2`]: 80,
  'quoted key': 1,
  3: 'three',             // number keys are strings
  twice(x) { return x * 2; },
  arrow: (x) => x + 1,
};

export const arrays_objects = fn([u32], (x) => {
  const a = [1, 2, 3];
  a[1] = 20;
  a[3] = 4;                                        // appends: length 4
  out.store(0, a.length * 1000 + a[0] + a[1] + a[3]);   // 4025
  out.store(1, cfg.T + cfg.rounds + cfg.rounds2);        // 151
  out.store(2, cfg['quoted key'] + cfg[3].length);       // 1 + 5 = 6
  out.store(3, cfg.twice(cfg.arrow(4)));                 // 10
  out.store(4, cfg.missing === undefined ? 1 : 0);       // 1: absent keys read as undefined
  const o = { v: x };                                    // an object holding a runtime value
  o.v = o.v + 1;
  o.w = o.v;                                             // adding a property
  out.store(5, o.w);
  out.store(6, Object.keys(cfg).length);                 // 7
  out.store(7, Object.values({ p: 2, q: 3 }).reduce((s, v) => s + v, 0));  // 5
  const [[k, v]] = Object.entries(Object.freeze({ z: 9 }));
  out.store(8, k === 'z' ? v : 0);                       // 9
  const kinds = [typeof a, typeof cfg, typeof cfg.twice, typeof 'x', typeof 1, typeof 1n, typeof true,
    typeof undefined, typeof null, typeof u32, typeof out];
  out.store(9, kinds.join() === 'object,object,function,string,number,bigint,boolean,undefined,object,function,object'
    && Array.isArray(a) && !Array.isArray(cfg) ? 1 : 0);   // 1
});
