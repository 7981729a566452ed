// Reading a member that Math does not have names it (Math.PI would otherwise read as undefined).
import { u32, fn } from 'awasm';
export const f = fn([u32], (x) => x + Math.sin(1));
