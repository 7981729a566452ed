// fn's targets option names real targets only.
import { u32, fn } from 'awasm';
export const f = fn([u32], (x) => x, { targets: ['wasm', 'webgpu'] });
