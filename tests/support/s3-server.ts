/**
 * A local S3-compatible server (the `s3rver` package) on a free port with a throwaway folder, and
 * a client of it: the tests' stand-in for a real object store, spoken to over real HTTP.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

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
