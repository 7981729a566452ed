// Entry point `webcrypto.js`: the platform's crypto.subtle behind our API (runtime/webcrypto.js),
// async only: sha1 sha256 sha384 sha512, hmac, hkdf, pbkdf2 and the AES modes cbc, ctr and gcm,
// with the shapes of the other entries, where only the `.async` forms run (the sync forms throw
// an Error naming the async way). `isSupported()` says whether crypto.subtle is there. See
// docs/api.md, "webcrypto.js".
import { SHA1, SHA256, SHA384, SHA512 } from './runtime/md.js';
import { subtleAes, subtleHash, subtleHkdf, subtleHmac, subtlePbkdf2 } from './runtime/webcrypto.js';

export { isSupported } from './runtime/webcrypto.js';
export const sha1 = /* @__PURE__ */ subtleHash(SHA1);
export const sha256 = /* @__PURE__ */ subtleHash(SHA256);
export const sha384 = /* @__PURE__ */ subtleHash(SHA384);
export const sha512 = /* @__PURE__ */ subtleHash(SHA512);
export const hmac = subtleHmac;
export const hkdf = subtleHkdf;
export const pbkdf2 = subtlePbkdf2;
export const cbc = /* @__PURE__ */ subtleAes('cbc');
export const ctr = /* @__PURE__ */ subtleAes('ctr');
export const gcm = /* @__PURE__ */ subtleAes('gcm');
