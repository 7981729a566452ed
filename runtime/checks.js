// Argument checks shared by the hand-written runtime. Every error names the argument it is about,
// so a caller can tell `msg` from `opts.out` without reading our source. Internal: not re-exported
// from the package entry points.

/** True for Uint8Array (and subclasses such as Node's Buffer), also from another realm. */
export function isBytes(a) {
  return a instanceof Uint8Array || (ArrayBuffer.isView(a) && a.constructor.name === 'Uint8Array');
}

/** A short human name for the type of `x`, for error messages: `string`, `null`, `Array`, `Uint16Array`. */
export function typeName(x) {
  if (x === null) return 'null';
  const t = typeof x;
  if (t !== 'object' && t !== 'function') return t;
  if (Array.isArray(x)) return 'Array';
  const ctor = x.constructor;
  return ctor && typeof ctor.name === 'string' && ctor.name !== '' ? ctor.name : t;
}

/** TypeError for an argument that should have been a Uint8Array. */
export function notBytes(name, got) {
  return new TypeError(`"${name}" must be Uint8Array, got ${typeName(got)}`);
}

/** Throws unless `a` is a Uint8Array; returns it. */
export function abytes(a, name) {
  if (!isBytes(a)) throw notBytes(name, a);
  return a;
}

/** Throws unless `n` is a non-negative safe integer (TypeError for non-numbers, RangeError otherwise). */
export function anumber(n, name) {
  if (typeof n !== 'number') throw new TypeError(`"${name}" must be a non-negative integer, got ${typeName(n)}`);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`"${name}" must be a non-negative integer, got ${n}`);
  return n;
}
