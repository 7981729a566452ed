// Argument checks shared by the hand-written runtime. Every error names the argument it is about,
// so a caller can tell `msg` from `opts.out` without reading our source. Internal: not re-exported
// from the package entry points.

// The built-in getters of %TypedArray%.prototype. They read a typed array's internal slots, so
// neither a Proxy (which has none: the tag getter gives undefined) nor a subclass or an own
// property that redefines `length`, `buffer` or `subarray` can make them lie.
const TypedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
const builtin = (key) => Object.getOwnPropertyDescriptor(TypedArrayProto, key).get;
const tagOf = builtin(Symbol.toStringTag);
const lengthOf = builtin('length');
const bufferOf = builtin('buffer');
const byteOffsetOf = builtin('byteOffset');
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * True for a genuine Uint8Array (also a subclass such as Node's Buffer, or one from another realm);
 * false for array-likes and for Proxies, whatever they claim.
 */
export function isBytes(a) {
  return tagOf.call(a) === 'Uint8Array';
}

/**
 * `a` as a plain Uint8Array that the runtime can use without running any code of the caller's:
 * `a` itself when it is a plain Uint8Array with nothing redefined, else a new view of the same
 * bytes, made from the built-in getters (its length read once). Throws a TypeError naming `name`
 * for anything but a genuine Uint8Array, and for a view of a detached ArrayBuffer.
 */
export function bytesArg(a, name) {
  const len = bytesLength(a, name);
  if (Object.getPrototypeOf(a) === Uint8Array.prototype && !hasOwn.call(a, 'length') && !hasOwn.call(a, 'subarray') &&
      !hasOwn.call(a, 'set'))
    return a;
  return new Uint8Array(bufferOf.call(a), byteOffsetOf.call(a), len);
}

/**
 * The length of `a`, checked as bytesArg checks it, with the same errors: a genuine Uint8Array
 * (a Proxy or array-like is a TypeError naming `name`), not a view of a detached ArrayBuffer. For
 * arguments the runtime only copies with `new Uint8Array(a)` (a cipher's key and nonce), which
 * reads the internal slots and no property of `a`, so bytesArg's own-property checks (and its
 * view for a redefined array) are not needed: about a third of its time.
 */
export function bytesLength(a, name) {
  if (tagOf.call(a) !== 'Uint8Array') throw notBytes(name, a);
  const len = lengthOf.call(a);
  if (len === 0) {
    // A detached buffer reads as length 0; making a view of it throws, so say what happened.
    try {
      new Uint8Array(bufferOf.call(a), 0, 0);
    } catch {
      throw new TypeError(`"${name}" is a view of a detached ArrayBuffer`);
    }
  }
  return len;
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

/** The error `E` (TypeError, RangeError) saying `"name" must be <want>, got <got>`. */
export const mustBe = (E, name, want, got) => new E(`"${name}" must be ${want}, got ${got}`);

/** TypeError for an argument that should have been a Uint8Array. */
export const notBytes = (name, got) => mustBe(TypeError, name, 'Uint8Array', typeName(got));

/** Throws unless `a` is a genuine Uint8Array; returns it. */
export function abytes(a, name) {
  if (!isBytes(a)) throw notBytes(name, a);
  return a;
}

/** Throws unless `n` is a non-negative safe integer (TypeError for non-numbers, RangeError otherwise). */
export function anumber(n, name) {
  const want = 'a non-negative integer';
  if (typeof n !== 'number') throw mustBe(TypeError, name, want, typeName(n));
  if (!Number.isSafeInteger(n) || n < 0) throw mustBe(RangeError, name, want, n);
  return n;
}
