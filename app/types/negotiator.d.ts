// negotiator ships no types (and @types/negotiator is not installed): the one call we make.
declare module "negotiator" {
  import type { IncomingHttpHeaders } from "node:http";

  export default class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    /** The best of `available` the request accepts; ties go to the order of `preferred`. */
    encoding(available?: string[], preferred?: string[]): string | undefined;
  }
}
