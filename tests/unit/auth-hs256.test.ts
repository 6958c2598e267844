import { createHmac } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { verifyHs256 } from "../../server/modules/auth/hs256.ts";

const secret = new TextEncoder().encode("a-secret-of-the-token-tests-0123456789abcdef");
const NOW = Date.UTC(2026, 0, 1, 12);
const seconds = Math.floor(NOW / 1000);

const signed = (claims: Record<string, unknown>, key = secret, alg = "HS256") =>
  new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT" }).sign(key);

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A token assembled by hand, signed with the secret whatever its header says. */
function forged(header: unknown, claims: unknown): string {
  const body = `${part(header)}.${part(claims)}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}

describe("HS256 token check", () => {
  it("answers the claims of a token jose signed", async () => {
    const token = await signed({ id: 7, sv: 2, exp: seconds + 60, iat: seconds });
    expect(verifyHs256(token, secret, NOW)).toEqual({ id: 7, sv: 2, exp: seconds + 60, iat: seconds });
  });

  it("refuses a token past its expiry, at its expiry, or without one", async () => {
    expect(verifyHs256(await signed({ exp: seconds - 1 }), secret, NOW)).toBeNull();
    expect(verifyHs256(await signed({ exp: seconds }), secret, NOW)).toBeNull();
    expect(verifyHs256(await signed({ id: 1 }), secret, NOW)).toBeNull();
    expect(verifyHs256(forged({ alg: "HS256" }, { exp: "tomorrow" }), secret, NOW)).toBeNull();
  });

  it("refuses a token not yet valid", async () => {
    expect(verifyHs256(await signed({ exp: seconds + 60, nbf: seconds + 5 }), secret, NOW)).toBeNull();
    expect(verifyHs256(await signed({ exp: seconds + 60, nbf: seconds }), secret, NOW)).not.toBeNull();
  });

  it("refuses another key, a changed payload and a changed signature", async () => {
    const other = new TextEncoder().encode("another-secret-of-the-token-tests-0123456789");
    expect(verifyHs256(await signed({ exp: seconds + 60 }, other), secret, NOW)).toBeNull();
    const [header, , signature] = (await signed({ id: 1, exp: seconds + 60 })).split(".");
    expect(
      verifyHs256(`${header}.${part({ id: 2, exp: seconds + 60 })}.${signature}`, secret, NOW),
    ).toBeNull();
    const flipped = `${signature?.slice(0, -2)}${signature?.endsWith("AA") ? "AB" : "AA"}`;
    expect(verifyHs256(`${header}.${part({ id: 1, exp: seconds + 60 })}.${flipped}`, secret, NOW)).toBeNull();
  });

  it("refuses other algorithms, critical extensions and unencoded payloads", async () => {
    const claims = { exp: seconds + 60 };
    expect(verifyHs256(forged({ alg: "none" }, claims), secret, NOW)).toBeNull();
    expect(verifyHs256(forged({ alg: "HS512" }, claims), secret, NOW)).toBeNull();
    expect(verifyHs256(forged({ alg: "HS256", crit: ["exp"] }, claims), secret, NOW)).toBeNull();
    expect(verifyHs256(forged({ alg: "HS256", b64: false }, claims), secret, NOW)).toBeNull();
    expect(verifyHs256(forged({ alg: "HS256" }, claims), secret, NOW)).toEqual(claims);
    expect(verifyHs256(`${part({ alg: "none" })}.${part(claims)}.`, secret, NOW)).toBeNull();
  });

  it("refuses malformed tokens", () => {
    const claims = { exp: seconds + 60 };
    for (const token of [
      "",
      "a.b",
      "a.b.c.d",
      forged({ alg: "HS256" }, [claims]),
      forged({ alg: "HS256" }, "claims"),
      forged(["HS256"], claims),
      `${forged({ alg: "HS256" }, claims)}=`,
      forged({ alg: "HS256" }, claims).replace(".", "+."),
    ])
      expect(verifyHs256(token, secret, NOW), token).toBeNull();
  });
});
