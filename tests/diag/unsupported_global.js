// JavaScript globals that kernels do not have are named as unsupported, not "not defined".
import { u32, fn } from 'awasm';
export const f = fn([u32], (x) => x + Date.now());
