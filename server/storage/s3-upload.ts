/**
 * Puts a file from disk into an S3-compatible store without holding it whole: a small file in one
 * PutObject, a larger one as a multipart upload of `partBytes` parts read one at a time. Each body
 * is a Buffer, so the request carries its length and checksum up front (a streamed body would be
 * sent aws-chunked, which not every S3-compatible store reads).
 */
import { open } from "node:fs/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";

/** 16 MB parts: a 1 GB pack takes 64; S3 allows 10,000 parts of at least 5 MB. */
export const UPLOAD_PART_BYTES = 16 * 1024 * 1024;

export async function uploadFile(
  s3: S3Client,
  target: { Bucket: string; Key: string; ContentType: string },
  file: string,
  partBytes: number = UPLOAD_PART_BYTES,
): Promise<void> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const readPart = async (position: number, length: number): Promise<Buffer> => {
      const buffer = Buffer.alloc(length);
      let done = 0;
      while (done < length) {
        const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
        if (bytesRead === 0) throw new Error(`file ended early: ${file}`);
        done += bytesRead;
      }
      return buffer;
    };
    if (size <= partBytes) {
      await s3.send(new PutObjectCommand({ ...target, Body: await readPart(0, size) }));
      return;
    }
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand(target));
    const { Bucket, Key } = target;
    try {
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      for (let position = 0, PartNumber = 1; position < size; position += partBytes, PartNumber++) {
        const Body = await readPart(position, Math.min(partBytes, size - position));
        const { ETag } = await s3.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body }));
        parts.push({ ETag, PartNumber });
      }
      await s3.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      await s3.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
      throw error;
    }
  } finally {
    await handle.close();
  }
}
