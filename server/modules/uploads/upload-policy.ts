/**
 * Signed POST policies for direct uploads to object storage (the scheme object stores use): the
 * server signs what may be uploaded — key prefix, size range, content types, expiry — and the
 * storage endpoint accepts a form only when its policy's signature and conditions hold. Each
 * policy carries a random id, by which the storage endpoint accepts one file per policy.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { UPLOAD_RULES, type UploadPurpose } from "../../../contract/upload-rules.ts";
import type { UploadPolicy } from "../../../contract/uploads.ts";

export const UPLOAD_HOST = "/v1/oss/upload";
export const UPLOAD_ACCESS_ID = "canon-reader-local";
export const UPLOAD_POLICY_TTL_MS = 10 * 60 * 1000;

/** 128 random bits, base64url. */
const POLICY_ID_BYTES = 16;
const POLICY_ID = /^[A-Za-z0-9_-]{22}$/;
/** `purpose/userId/`: the folder a policy allows, which names its owner. */
const POLICY_DIR = /^[a-z]+\/(\d+)\/$/;

const policyDocument = z.object({
  id: z.string().regex(POLICY_ID),
  expiration: z.string(),
  conditions: z.tuple([
    z.tuple([z.literal("starts-with"), z.literal("$key"), z.string()]),
    z.tuple([z.literal("content-length-range"), z.number().int(), z.number().int()]),
    z.tuple([z.literal("in"), z.literal("$Content-Type"), z.array(z.string())]),
  ]),
});

export type PolicyLimits = {
  id: string;
  /** The user the policy was issued to. */
  ownerId: number;
  dir: string;
  minBytes: number;
  maxBytes: number;
  contentTypes: string[];
  expiresAt: number;
};

/**
 * The policy key, derived from the server's token key so that an upload signature can never stand
 * in for an access token's, nor the other way round.
 */
export const uploadSigningKey = (serverSecret: Uint8Array): Uint8Array =>
  createHmac("sha256", serverSecret).update("upload-policy").digest();

const sign = (key: Uint8Array, policy: string): string =>
  createHmac("sha256", key).update(policy).digest("base64");

/** A policy as handed out, and the limits it sets. */
export type IssuedPolicy = { policy: UploadPolicy; limits: PolicyLimits };

export function issuePolicy(
  key: Uint8Array,
  purpose: UploadPurpose,
  userId: number,
  now: number,
): IssuedPolicy {
  const rules = UPLOAD_RULES[purpose];
  const expiresAt = now + UPLOAD_POLICY_TTL_MS;
  const dir = `${purpose}/${userId}/`;
  const document = {
    id: randomBytes(POLICY_ID_BYTES).toString("base64url"),
    expiration: new Date(expiresAt).toISOString(),
    conditions: [
      ["starts-with", "$key", dir],
      ["content-length-range", 1, rules.maxBytes],
      ["in", "$Content-Type", [...rules.contentTypes]],
    ],
  };
  const policy = Buffer.from(JSON.stringify(document)).toString("base64");
  return {
    policy: {
      host: UPLOAD_HOST,
      dir,
      policy,
      accessid: UPLOAD_ACCESS_ID,
      signature: sign(key, policy),
      expire: Math.floor(expiresAt / 1000),
    },
    limits: {
      id: document.id,
      ownerId: userId,
      dir,
      minBytes: 1,
      maxBytes: rules.maxBytes,
      contentTypes: [...rules.contentTypes],
      expiresAt,
    },
  };
}

/** The limits a correctly signed policy sets, or null when the signature or document is wrong. */
export function readPolicy(key: Uint8Array, policy: string, signature: string): PolicyLimits | null {
  const expected = Buffer.from(sign(key, policy));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let parsed: z.infer<typeof policyDocument>;
  try {
    parsed = policyDocument.parse(JSON.parse(Buffer.from(policy, "base64").toString("utf8")));
  } catch {
    return null;
  }
  const [[, , dir], [, minBytes, maxBytes], [, , contentTypes]] = parsed.conditions;
  const owner = POLICY_DIR.exec(dir)?.[1];
  const expiresAt = Date.parse(parsed.expiration);
  if (owner === undefined || Number.isNaN(expiresAt)) return null;
  return { id: parsed.id, ownerId: Number(owner), dir, minBytes, maxBytes, contentTypes, expiresAt };
}
