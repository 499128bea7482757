// autocannon ships no types: the part scripts/bench-forms.ts and bench-pages.ts use.
declare module "autocannon" {
  namespace autocannon {
    type RequestParams = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
    type Options = {
      url: string;
      headers?: Record<string, string>;
      connections?: number;
      duration?: number;
      amount?: number;
      requests?: (RequestParams & { setupRequest?: (request: RequestParams) => RequestParams })[];
    };
    type Result = {
      requests: { average: number; total: number };
      start: Date;
      finish: Date;
      latency: { p50: number; p99: number; average: number };
      non2xx: number;
      errors: number;
    };
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
