import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, asc, desc, eq, or } from "drizzle-orm";
import type { Db } from "#db/client.server";
import { webchatAssets, webchatBranding } from "#db/schema";
import { fileStorage } from "~/services/storage/storage.server";
import { DEFAULT_IMAGES, IMAGE_FIELDS } from "./branding-schema";

/** Icons are small: 1 MB is plenty for a 512 x 512 png. */
export const MAX_ASSET_BYTES = 1024 * 1024;
export const MAX_ASSET_NAME_LENGTH = 120;

export type AssetView = {
  id: string;
  name: string;
  url: string;
  bytes: number;
  width: number | null;
  height: number | null;
  createdAt: string;
};

type ImageKind = { extension: string; contentType: string };

/** The image's type by its content (whatever name or type the browser sent); null when not one we serve. */
export function imageKindOf(bytes: Uint8Array): ImageKind | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return { extension: "png", contentType: "image/png" };
  if (starts(0xff, 0xd8, 0xff)) return { extension: "jpg", contentType: "image/jpeg" };
  if (starts(0x47, 0x49, 0x46, 0x38)) return { extension: "gif", contentType: "image/gif" };
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  )
    return { extension: "webp", contentType: "image/webp" };
  if (starts(0x00, 0x00, 0x01, 0x00)) return { extension: "ico", contentType: "image/x-icon" };
  return null;
}

/** Width and height of a png or gif (the icon size hints); null for other types. */
export function imageSizeOf(bytes: Uint8Array, extension: string): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (extension === "png" && bytes.length >= 24)
    return { width: view.getUint32(16), height: view.getUint32(20) };
  if (extension === "gif" && bytes.length >= 10)
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  return null;
}

export const assetUrl = (asset: { id: string; extension: string }) =>
  `/webchat-assets/${asset.id}.${asset.extension}`;
const storageKey = (asset: { accountId: string; id: string; extension: string }) =>
  `webchat-assets/${asset.accountId}/${asset.id}.${asset.extension}`;

function view(row: typeof webchatAssets.$inferSelect): AssetView {
  return {
    id: row.id,
    name: row.name,
    url: assetUrl(row),
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The company's assets by name (spec 3 section 9: ascending or descending). */
export async function listAssets(
  db: Db,
  accountId: string,
  order: "asc" | "desc" = "asc",
): Promise<AssetView[]> {
  const byName = order === "asc" ? asc(webchatAssets.name) : desc(webchatAssets.name);
  const rows = await db
    .select()
    .from(webchatAssets)
    .where(eq(webchatAssets.accountId, accountId))
    .orderBy(byName, asc(webchatAssets.createdAt))
    .limit(500);
  return rows.map(view);
}

export type UploadResult =
  | { ok: true; asset: AssetView }
  | { ok: false; reason: "too_large" | "not_an_image" };

/** Keeps an uploaded image through the storage module and lists it among the company's assets. */
export async function uploadAsset(
  db: Db,
  accountId: string,
  file: { name: string; bytes: Uint8Array },
): Promise<UploadResult> {
  if (file.bytes.length > MAX_ASSET_BYTES) return { ok: false, reason: "too_large" };
  const kind = imageKindOf(file.bytes);
  if (!kind) return { ok: false, reason: "not_an_image" };
  const id = randomUUID();
  const size = imageSizeOf(file.bytes, kind.extension);
  const name =
    file.name
      .replace(/\p{Cc}/gu, "")
      .trim()
      .slice(0, MAX_ASSET_NAME_LENGTH) || `image.${kind.extension}`;
  await fileStorage().write(
    storageKey({ accountId, id, extension: kind.extension }),
    Readable.from([file.bytes]),
    {
      maxBytes: MAX_ASSET_BYTES,
    },
  );
  const [row] = await db
    .insert(webchatAssets)
    .values({
      id,
      accountId,
      name,
      contentType: kind.contentType,
      extension: kind.extension,
      bytes: file.bytes.length,
      width: size?.width ?? null,
      height: size?.height ?? null,
    })
    .returning();
  if (!row) throw new Error("asset not recorded");
  return { ok: true, asset: view(row) };
}

/**
 * Deletes one of the company's assets (another company's id finds nothing). Branding images that
 * showed it go back to the default placeholder, so the chat never points at a missing file.
 */
export async function deleteAsset(db: Db, accountId: string, id: string): Promise<boolean> {
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webchatAssets)
      .where(and(eq(webchatAssets.id, id), eq(webchatAssets.accountId, accountId)))
      .returning();
    if (!row) return null;
    const url = assetUrl(row);
    for (const field of IMAGE_FIELDS)
      await tx
        .update(webchatBranding)
        .set({ [field]: DEFAULT_IMAGES[field] })
        .where(and(eq(webchatBranding.accountId, accountId), eq(webchatBranding[field], url)));
    return row;
  });
  if (!deleted) return false;
  await fileStorage().remove(storageKey(deleted));
  return true;
}

/** Whether every uploaded image the branding names is one of the company's own assets. */
export async function ownsAssets(db: Db, accountId: string, urls: string[]): Promise<boolean> {
  const ids = urls
    .map((url) => /^\/webchat-assets\/([0-9a-f-]{36})\.[a-z]+$/.exec(url)?.[1])
    .filter((id): id is string => Boolean(id));
  if (!ids.length) return true;
  const rows = await db
    .select({ id: webchatAssets.id, extension: webchatAssets.extension })
    .from(webchatAssets)
    .where(and(eq(webchatAssets.accountId, accountId), or(...ids.map((id) => eq(webchatAssets.id, id)))));
  const owned = new Set(rows.map(assetUrl));
  return urls.every((url) => !url.startsWith("/webchat-assets/") || owned.has(url));
}

/** A public asset by its address's file part ("<id>.<ext>"): its type, size and content; null when none. */
export async function openPublicAsset(db: Db, file: string) {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z]{3,4})$/.exec(file);
  if (!match) return null;
  const [row] = await db
    .select()
    .from(webchatAssets)
    .where(and(eq(webchatAssets.id, match[1] ?? ""), eq(webchatAssets.extension, match[2] ?? "")))
    .limit(1);
  if (!row) return null;
  const key = storageKey(row);
  if ((await fileStorage().size(key)) === null) return null;
  return { contentType: row.contentType, bytes: row.bytes, stream: fileStorage().read(key) };
}
