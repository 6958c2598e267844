/** What a pack build wrote, for the pack and import commands to print. */
import type { PackBuildResult } from "./build-pack.ts";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

export function describePack(result: PackBuildResult): string[] {
  const byKind = new Map<string, { parts: number; bytes: number }>();
  for (const part of result.manifest.parts) {
    const name = part.index ? `index:${part.index}` : part.kind;
    const entry = byKind.get(name) ?? { parts: 0, bytes: 0 };
    entry.parts += 1;
    entry.bytes += part.bytes;
    byKind.set(name, entry);
  }
  const keys = result.manifest.downloads.reduce((n, download) => n + download.keys.length, 0);
  return [
    ...[...byKind].map(
      ([name, entry]) => `  ${name.padEnd(14)} ${String(entry.parts).padStart(5)} parts  ${mb(entry.bytes)}`,
    ),
    `  ${result.manifest.parts.length} parts, ${keys} items, ${result.manifest.index?.reels ?? 0} reels indexed, ` +
      `${mb(result.bytes)} in ${(result.ms / 1000).toFixed(1)} s; canon version ${result.canonVersion}`,
  ];
}
