// Fuzz seed: imports that leave modules/ or name odd files.
import { u32, fn } from 'awasm';
import { x } from '../outside.js';
import { y } from './../modules/imports.js';
import * as z from '/etc/passwd';
import { w } from './a\'b.js';

export const k = fn([u32], (v) => v + u32(x + y + z.q + w));
