// pngjs (a dependency of qrcode) ships no types: the one call the form builder's spec uses to decode
// the downloaded QR code.
declare module "pngjs" {
  export const PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
}
