/** The web app's sign-in state outlives the access token, which lives minutes. */
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_TTL_MS } from "../../contract/account-rules.ts";
import { authStateOf } from "../../src/auth/authState.ts";

const unsigned = (claims: Record<string, unknown>): string =>
  [{ alg: "HS256", typ: "JWT" }, claims]
    .map((part) => Buffer.from(JSON.stringify(part)).toString("base64url"))
    .concat("signature")
    .join(".");

describe("the sign-in state", () => {
  it("stays signed in with an expired access token: the refresh cookie decides", () => {
    const issuedAt = Math.floor(Date.now() / 1000) - 24 * 3600;
    const expired = unsigned({
      id: 9,
      roles: ["reader", "researcher"],
      sv: 3,
      iat: issuedAt,
      exp: issuedAt + ACCESS_TOKEN_TTL_MS / 1000,
    });
    expect(authStateOf(expired)).toEqual({ signedIn: true, userId: 9, roles: ["reader", "researcher"] });
  });
});
