// As in JavaScript, a let binding cannot be read before its declaration in its block.
import { u32, fn } from 'awasm';
let x = 1;
let y;
{
  y = x;
  let x = 2;
}
export const f = fn([u32], (v) => v + y);
