// Generators are not allowed.
import { u32, fn } from 'awasm';

function* rounds() {
  yield 1;
}
export const f = fn([u32], (x) => x + rounds());
