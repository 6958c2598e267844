/**
 * A local S3-compatible server (the `s3rver` package) on a free port with a throwaway folder, and
 * a client of it: the tests' stand-in for a real object store, spoken to over real HTTP.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";
import { parseS3Url, s3Storage } from "../../server/storage/s3.ts";
import type { ObjectStorage } from "../../server/storage/storage.ts";
import type { TestDatabase } from "./databases.ts";

export type LocalS3 = {
  endpoint: string;
  client: S3Client;
  createBucket(name: string): Promise<void>;
  close(): Promise<void>;
};

export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), "s3rver-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts its own default key pair.
  const client = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  return {
    endpoint,
    client,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type LocalBucket = {
  readonly endpoint: string;
  readonly client: S3Client;
  /** A site's store kept under `prefix` of the bucket, as `STORAGE_URL` with this endpoint makes it. */
  storage(prefix: string, options?: Parameters<typeof s3Storage>[2]): ReturnType<typeof s3Storage>;
};

/**
 * A local server holding `bucket` for one test file: started before its tests, closed after
 * them. Read its members inside tests and hooks.
 */
export function localBucketForFile(bucket: string): LocalBucket {
  let s3: LocalS3 | undefined;
  beforeAll(async () => {
    s3 = await startLocalS3();
    await s3.createBucket(bucket);
  });
  afterAll(async () => {
    await s3?.close();
  });
  const started = (): LocalS3 => {
    if (!s3) throw new Error("the local S3 server starts in beforeAll: read it in a test");
    return s3;
  };
  return {
    get endpoint() {
      return started().endpoint;
    },
    get client() {
      return started().client;
    },
    storage(prefix, options) {
      const { endpoint, client } = started();
      return s3Storage(parseS3Url(`s3://${bucket}/${prefix}?endpoint=${endpoint}`), client, options);
    },
  };
}

/** Copies the scan of page `pageUid` from the test database's storage into `store`, under its key. */
export async function copyPageScan(
  database: TestDatabase,
  store: ObjectStorage,
  pageUid: string,
): Promise<void> {
  const page = await database.canon.db
    .selectFrom("page")
    .select(["img_path"])
    .where("uid", "=", pageUid)
    .executeTakeFirstOrThrow();
  const scan = await database.storage.get(page.img_path ?? "");
  if (!scan) throw new Error(`the template holds no scan of ${pageUid}`);
  await store.put(page.img_path ?? "", scan, "image/jpeg");
}
