/**
 * Object storage on an S3-compatible store (`STORAGE_URL=s3://bucket/prefix?endpoint=…&region=…`),
 * through the AWS SDK; credentials come from the SDK's usual sources (`AWS_ACCESS_KEY_ID`,
 * `AWS_SECRET_ACCESS_KEY`, a profile, an instance role). Keys are the same slash paths as on local
 * storage, under the URL's prefix; clients fetch objects at `/storage/…` (serve-storage.ts), read
 * through the server or redirected to a presigned GET, so the bucket itself may stay private.
 */
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { STORAGE_URL_PREFIX } from "./local.ts";
import { s3PresignedAccess } from "./s3-presigned.ts";
import { uploadFile } from "./s3-upload.ts";
import { assertStorageKey, type ObjectStorage, type StorageServeMode, type StoredObject } from "./storage.ts";

export type S3Location = {
  bucket: string;
  /** Prepended to every key, without a trailing slash; "" for the bucket's root. */
  prefix: string;
  endpoint: string | null;
  region: string;
  /** Addresses as endpoint/bucket/key (most self-hosted stores) rather than bucket.endpoint/key. */
  pathStyle: boolean;
};

/** Reads `s3://bucket/prefix?endpoint=http://host:9000&region=…&path_style=true`. */
export function parseS3Url(url: string): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== "s3:" || parsed.hostname === "")
    throw new Error(`STORAGE_URL must look like s3://bucket/prefix?endpoint=…: ${url}`);
  const endpoint = parsed.searchParams.get("endpoint");
  return {
    bucket: parsed.hostname,
    prefix: decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, ""),
    endpoint,
    region: parsed.searchParams.get("region") ?? "us-east-1",
    pathStyle: (parsed.searchParams.get("path_style") ?? (endpoint ? "true" : "false")) === "true",
  };
}

const missing = (error: unknown): boolean =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

export function s3Storage(
  location: S3Location,
  client?: S3Client,
  options: {
    uploadPartBytes?: number;
    /** How `/storage/…` answers: through the server (default) or by redirect to a presigned GET. */
    serve?: StorageServeMode;
  } = {},
): ObjectStorage & { location: S3Location } {
  const s3 =
    client ??
    new S3Client({
      region: location.region,
      forcePathStyle: location.pathStyle,
      ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    });
  const Bucket = location.bucket;
  const keyOf = (key: string) => {
    assertStorageKey(key);
    return location.prefix ? `${location.prefix}/${key}` : key;
  };
  /** A key, or a key prefix ending in a slash, as the store names it. */
  const objectKey = (key: string) => (key.endsWith("/") ? `${keyOf(key.slice(0, -1))}/` : keyOf(key));
  const head = async (key: string) => {
    try {
      return await s3.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  };

  async function read(key: string): Promise<StoredObject | null> {
    try {
      const answer = await s3.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
      if (!answer.Body) return null;
      return {
        body: Buffer.from(await answer.Body.transformToByteArray()),
        contentType: answer.ContentType ?? "application/octet-stream",
        etag: answer.ETag ?? null,
      };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  return {
    location,
    presigned: s3PresignedAccess({
      s3,
      bucket: Bucket,
      serve: options.serve ?? "proxy",
      objectKey,
      async head(key) {
        const answer = await head(key);
        return answer
          ? {
              size: answer.ContentLength ?? 0,
              contentType: answer.ContentType ?? "application/octet-stream",
            }
          : null;
      },
    }),
    async put(key, body, contentType) {
      await s3.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      return (await read(key))?.body ?? null;
    },
    read,
    async putFile(key, file, contentType) {
      await uploadFile(
        s3,
        { Bucket, Key: keyOf(key), ContentType: contentType },
        file,
        options.uploadPartBytes,
      );
    },
    async readRange(key, start, end) {
      try {
        const answer = await s3.send(
          new GetObjectCommand({ Bucket, Key: keyOf(key), Range: `bytes=${start}-${end}` }),
        );
        if (!answer.Body) return null;
        return answer.Body instanceof Readable
          ? answer.Body
          : Readable.fromWeb(answer.Body.transformToWebStream() as WebReadableStream);
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async exists(key) {
      return (await head(key)) !== null;
    },
    async size(key) {
      return (await head(key))?.ContentLength ?? null;
    },
    urlFor(key) {
      assertStorageKey(key);
      return `${STORAGE_URL_PREFIX}${key}`;
    },
  };
}
