/**
 * Presigned access to an S3-compatible store: POST forms the browser sends its uploads with, and
 * short-lived GET addresses `/storage/…` may redirect to. Both are signed with the server's own
 * credentials, so the bucket itself stays private.
 */
import { GetObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { ObjectHead, PresignedAccess, StorageServeMode } from "./storage.ts";

export function s3PresignedAccess(options: {
  s3: S3Client;
  bucket: string;
  serve: StorageServeMode;
  objectKey: (key: string) => string;
  head: (key: string) => Promise<ObjectHead | null>;
}): PresignedAccess {
  const { s3, bucket: Bucket, objectKey } = options;
  return {
    serve: options.serve,
    objectKey,
    head: options.head,
    async presignPost({ keyPrefix, maxBytes, typePrefix, expiresInSeconds }) {
      const prefix = objectKey(keyPrefix);
      const { url, fields } = await createPresignedPost(s3, {
        Bucket,
        // A key ending in ${filename} is signed as "starts-with" its prefix; the form names the key.
        Key: `${prefix}\${filename}`,
        Conditions: [
          ["content-length-range", 1, maxBytes],
          ["starts-with", "$Content-Type", typePrefix],
        ],
        Expires: expiresInSeconds,
      });
      const { key: _filenameKey, ...formFields } = fields;
      return { url, fields: formFields };
    },
    presignGet(key, signedAt, expiresInSeconds) {
      return getSignedUrl(s3, new GetObjectCommand({ Bucket, Key: objectKey(key) }), {
        expiresIn: expiresInSeconds,
        signingDate: new Date(signedAt),
      });
    },
  };
}
