import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  ssr: { external: ["@electric-sql/pglite", "postgres"] },
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
});
