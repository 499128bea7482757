import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { data } from "react-router";
import { requireMemberWith } from "~/domain/access/guard.server";
import { redirectWithToast } from "~/domain/auth/session.server";
import { type ConsentDeclaration, parseConsentDate } from "~/domain/contacts/csv-consent";
import {
  type ImportProblem,
  type StartImportResult,
  startCsvImport,
} from "~/domain/contacts/csv-import.server";
import { MAX_UPLOAD_BYTES } from "~/services/storage/storage.server";
import type { Route } from "./+types/csv-upload";

/**
 * Uploads a contacts file (multipart: `productId` fields first, then `file`) and queues its import
 * (spec 2 section 7: the signed upload and processCSV). The file streams to storage as it arrives,
 * checked on the way; the answer is the new import's id, or why the file was refused.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "contacts.import");
  // A declared size past the limit is refused before a byte is read (multipart adds a little).
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024)
    return answer(request, { key: "fileErrors.tooLarge" }, 413);
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data") || !request.body)
    return answer(request, { key: "noFile" }, 400);

  let result: StartImportResult | null;
  try {
    result = await receiveFile(request, async (fields, file, filename) => {
      const consent = consentDeclaration(fields);
      if (consent === "invalid") return { ok: false, problem: { key: "consentDeclarationInvalid" } };
      return startCsvImport(member, {
        filename,
        productIds: fields.filter(([name]) => name === "productId").map(([, value]) => value),
        source: file,
        consent,
      });
    });
  } catch (error) {
    // A broken multipart body (the browser went away mid-upload, a forged request).
    if (isMultipartError(error)) return answer(request, { key: "noFile" }, 400);
    throw error;
  }
  if (!result) return answer(request, { key: "noFile" }, 400);
  if (!result.ok)
    return answer(request, result.problem, result.problem.key === "productNotFound" ? 404 : 400);
  if (wantsPage(request))
    return redirectWithToast(request, "/contacts", { message: "csvImport.processing.started" });
  return data({ importId: result.importId });
}

/**
 * The merchant's declaration that the file's contacts gave SMS consent (issue 20): its source in
 * words and a real date, not in the future; none when both fields are absent.
 */
function consentDeclaration(fields: [string, string][]): ConsentDeclaration | null | "invalid" {
  const source = fields.find(([name]) => name === "consentSource")?.[1].trim() ?? "";
  const date = fields.find(([name]) => name === "consentDate")?.[1].trim() ?? "";
  if (source === "" && date === "") return null;
  const day = parseConsentDate(date);
  if (source.length < 3 || source.length > 500 || !day || date.length !== 10) return "invalid";
  return { source, date: day };
}

type FileHandler<T> = (
  fields: [string, string][],
  file: AsyncIterable<Uint8Array>,
  filename: string,
) => Promise<T>;

/** Streams the request through busboy; the first part named "file" goes to `handle` as it arrives. */
function receiveFile<T>(request: Request, handle: FileHandler<T>): Promise<T | null> {
  return new Promise((resolve, reject) => {
    const parser = busboy({
      headers: Object.fromEntries(request.headers),
      // One byte past the limit, so that storage sees the file is too large.
      limits: { files: 1, fields: 50, fieldSize: 2048, fileSize: MAX_UPLOAD_BYTES + 1 },
    });
    const fields: [string, string][] = [];
    let handled: Promise<T> | null = null;
    parser.on("field", (name, value) => fields.push([name, value]));
    parser.on("file", (name, file, info) => {
      if (name !== "file" || handled) {
        file.resume();
        return;
      }
      // The stream is not destroyed when the handler stops reading early (a refused file): see below.
      handled = handle(fields, file.iterator({ destroyOnReturn: false }), info.filename ?? "contacts.csv");
      // When the handler stops reading (a refused file), the rest of the upload is read and dropped,
      // so the browser gets the answer instead of a broken connection.
      handled.then(
        () => file.resume(),
        () => file.resume(),
      );
    });
    parser.on("close", () => (handled ? handled.then(resolve, reject) : resolve(null)));
    parser.on("error", reject);
    const body = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
    body.on("error", reject);
    body.pipe(parser);
  });
}

function isMultipartError(error: unknown) {
  return error instanceof Error && /multipart|boundary|Unexpected end of form/i.test(error.message);
}

function wantsPage(request: Request) {
  return request.headers.get("Accept")?.includes("text/html") ?? false;
}

function answer(request: Request, problem: ImportProblem, status: number) {
  if (wantsPage(request))
    return redirectWithToast(request, "/contacts", { message: "csvImport.processing.timedOut", error: true });
  return data({ problem }, { status });
}
