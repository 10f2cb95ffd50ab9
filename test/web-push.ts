import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";

/** The browser's side of web push: a P-256 key pair and an auth secret, as PushManager.subscribe makes. */
export function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

export type BrowserKeys = ReturnType<typeof browserKeys>;

/** RFC 8291 (aes128gcm, one record): what the browser does with a push message's body. */
export function decrypt(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const senderPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const secret = keys.ecdh.computeSecret(senderPublic);
  const info = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    keys.ecdh.getPublicKey(),
    senderPublic,
  ]);
  const ikm = Buffer.from(hkdfSync("sha256", secret, keys.auth, info, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: aes128gcm\0", 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: nonce\0", 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and any zero padding.
  let end = plain.length - 1;
  while (plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("the push message's padding delimiter is missing");
  return plain.subarray(0, end).toString("utf8");
}
