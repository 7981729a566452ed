// '$' is not part of the naming rule (names also become file names and shell words).
import { u32, fn } from 'awasm';

export const $f = fn([u32], (x) => x);
